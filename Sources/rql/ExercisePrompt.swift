import LineEditor
import RQLEngine
import RQLNotebook
import RQLRender

/// `rql run --step` at an exercise: the question has been shown, not the
/// reference; the learner's queries are read at `your answer> ` (with the
/// line editor's keys, Tab completion from the notebook's database, and a
/// history of the answers tried) and graded
/// until one is right, or they ask for the reference (`s`), skip (`n`) or
/// quit (`q`, Ctrl-D). Nothing they do changes the notebook.
final class ExercisePrompt {
    enum Choice {
        /// An answer was right, or the learner asked to see the reference: it is shown and runs.
        case reference
        /// The learner skipped the exercise: the reference runs unseen.
        case skipped
        case quit
    }

    private let grader: ExerciseGrader
    private let console: ByteOutput
    private let editor: LineEditor?

    init(grader: ExerciseGrader, console: ByteOutput) {
        self.grader = grader
        self.console = console
        editor = LineEditor(program: "rql", historyCapacity: 100)
    }

    func ask(_ name: String, in notebook: Notebook) -> Choice {
        console.write("exercise \(name): write your answer, SQL or the DSL (s shows the reference, n skips, q quits)\n")
        console.flush()
        // Tab completes as at the prompt, from the notebook's database.
        let completing = try? Session(options: Session.Options(target: notebook.target, mode: .list, colorAllowed: false,
                                                               output: ByteOutput(.memory), diagnostics: ByteOutput(.memory),
                                                               safe: true))
        defer { completing?.close() }
        editor?.completer = completing.map { session in
            { before, after in
                let completion = session.completions(before: before, after: after)
                return LineEditor.Completion(word: completion.word, candidates: completion.candidates)
            }
        }
        while true {
            guard let answer = readAnswer() else { return .quit }
            switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
            case "": continue
            case "s": return .reference
            case "n": return .skipped
            case "q": return .quit
            default: break
            }
            editor?.addToHistory(answer)
            do {
                let grade = try grader.grade(notebook, exercise: name, answer: answer)
                console.write(visible: grade.report.joined(separator: "\n") + "\n\n")
                console.flush()
                if grade.isRight { return .reference }
            } catch {
                console.write(visible: "\(error)\n")
                return .skipped
            }
        }
    }

    /// One answer, over as many lines as it takes: SQL until its `;` (or an
    /// empty line), a DSL query until a line that does not continue it.
    private func readAnswer() -> String? {
        var reader = CommandReader()
        var typed: [String] = []
        while true {
            let prompt = reader.isContinuing ? "         ...> " : "your answer> "
            let line: String
            if let editor {
                switch editor.read(prompt: prompt) {
                case .line(let text), .edit(let text): line = text
                case .interrupted: reader = CommandReader(); typed = []; continue
                case .end: return nil
                }
            } else {
                console.write(prompt)
                console.flush()
                guard let text = readLine() else { return nil }
                line = text
            }
            if reader.isContinuing, line.allSatisfy(\.isWhitespace) { return typed.joined(separator: "\n") }
            typed.append(line)
            _ = reader.feed(line, line: typed.count)
            if !reader.isContinuing { return typed.joined(separator: "\n") }
        }
    }
}
