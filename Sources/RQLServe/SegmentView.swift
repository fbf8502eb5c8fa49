import Foundation
import RQLNotebook

/// A notebook's segments as the page reads them (docs/serve.md).
enum SegmentView {
    static func all(_ notebook: Notebook) -> [[String: Any]] {
        let exercises = Dictionary(notebook.exercises.map { ($0.cellIndex, $0) }) { first, _ in first }
        var cellIndex = 0
        return notebook.segments.map { segment in
            switch segment {
            case .text(let lines):
                return text(lines)
            case .prose(let markdown):
                return text(markdown.split(separator: "\n", omittingEmptySubsequences: false).map { "-- " + $0 })
            case .cell(let source, let output):
                defer { cellIndex += 1 }
                return cell(source, output: output, exercise: exercises[cellIndex])
            }
        }
    }

    static func text(_ lines: [String]) -> [String: Any] {
        let prose = lines.filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("-- @") }
        return ["kind": "text", "lines": lines, "markdown": NotebookSegment.markdown(lines),
                "html": PageHTML.prose(NotebookSegment.markdown(prose))]
    }

    static func cell(_ source: String, output: [String]?, exercise: Exercise?) -> [String: Any] {
        var view: [String: Any] = ["kind": "cell", "source": source, "output": output ?? NSNull(), "html": PageHTML.source(source),
                                   "outputHTML": PageHTML.recorded(output), "exercise": NSNull()]
        if let exercise {
            view["exercise"] = ["name": exercise.name, "question": PageHTML.prose(exercise.question.joined(separator: "\n"))]
        }
        return view
    }
}
