/// An exercise of a notebook: `-- @exercise NAME` above a cell, which is
/// the reference answer; the prose before it, back to the cell before, is
/// the question.
///
///     let exercise = notebook.exercises.first { $0.name == "open-per-list" }
///     exercise?.question   // ["How many open reminders has each list?"]
public struct Exercise: Sendable, Equatable {
    public var name: String
    /// The prose lines before the reference, without `--` and the space after it.
    public var question: [String]
    /// The index of the reference cell in the notebook's `cells`.
    public var cellIndex: Int
}

extension Notebook {
    /// The exercises, in file order.
    public var exercises: [Exercise] {
        var exercises: [Exercise] = []
        var prose: [String] = []
        for item in items {
            switch item {
            case .prose(_, let text):
                prose.append(text.hasPrefix(" ") ? String(text.dropFirst()) : text)
            case .directive:
                break
            case .cell(let index):
                if let name = cells[index].exercise {
                    let question = prose.drop { $0.allSatisfy(\.isWhitespace) }.reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed()
                    exercises.append(Exercise(name: name, question: Array(question), cellIndex: index))
                }
                prose = []
            }
        }
        return exercises
    }
}
