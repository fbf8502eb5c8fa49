import FoundationEssentials
import Glibc
import LineEditor
import RQLEngine
import RQLLanguage

/// The interactive prompt: reads commands with the line editor until
/// Ctrl-D or `.quit` and runs each through the session. A command that
/// spans lines continues at a prompt that says what is open, and goes into
/// the history as one entry once it is complete. During a `.tour`, the
/// prompt says which step is next and Enter on an empty line runs it.
struct REPL {
    let session: Session
    let editor: LineEditor
    let history: HistoryFile?

    init?(session: Session, history: HistoryFile?) {
        guard let editor = LineEditor(program: "rql", historyCapacity: history?.capacity ?? 2_000) else { return nil }
        self.session = session
        self.editor = editor
        self.history = history
        for entry in history?.load() ?? [] { editor.addToHistory(entry) }
    }

    func run() {
        write(welcome + "\n")
        var reader = CommandReader()
        var typed: [String] = []
        var lineNumber = 0
        var historyFailed = false
        // A question, such as before deleting every row; Ctrl-C or Ctrl-D
        // gives no answer.
        session.asksPerson = { question in
            guard case .line(let answer) = editor.read(prompt: question) else { return nil }
            return answer
        }
        editor.completer = { before, after in
            let context = (typed + [before]).joined(separator: "\n")
            let completion = session.activeSession.completions(before: context, after: after)
            return LineEditor.Completion(word: completion.word, candidates: completion.candidates)
        }
        reading: while !session.hasQuit {
            session.runDueWork()
            switch editor.read(prompt: prompt(for: reader.continuation)) {
            case .end:
                break reading
            case .interrupted:
                reader = CommandReader()
                typed = []
            case .line(let text):
                for line in text.lineTexts {
                    lineNumber += 1
                    typed.append(line)
                    // During a tour, Enter on an empty line runs the next step.
                    if session.tour != nil, !reader.isContinuing, line.allSatisfy(\.isWhitespace) {
                        typed = []
                        session.execute(Command(.dot, ".tour next"))
                        continue
                    }
                    // `help`, `exit` and `quit`, as psql and litecli take them.
                    if !reader.isContinuing, let dot = REPL.newcomerWords[REPL.bareWord(line)] {
                        typed = []
                        remember(line, failed: &historyFailed)
                        session.execute(Command(.dot, dot, line: lineNumber))
                        continue
                    }
                    let commands = reader.feed(line, line: lineNumber)
                    if !reader.isContinuing {
                        let entry = typed.joined(separator: "\n")
                        typed = []
                        if !entry.allSatisfy(\.isWhitespace) { remember(entry, failed: &historyFailed) }
                    }
                    for command in commands where !session.hasQuit {
                        session.execute(command)
                    }
                }
            }
        }
        if let last = reader.finish(), !session.hasQuit { session.execute(last) }
    }

    private var transactionMark: String { session.activeSession.isInTransaction ? "*" : "" }

    /// Words a newcomer types at the prompt, and the dot-commands they mean.
    static let newcomerWords = ["help": ".help", "exit": ".quit", "quit": ".quit"]

    /// A line as one lowercased word, without blanks or a final `;`.
    static func bareWord(_ line: String) -> String {
        var word = line.trimmingCharacters(in: .whitespaces)
        if word.hasSuffix(";") { word.removeLast() }
        return word.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `rql reminders> `, or what the command being typed leaves open.
    private func prompt(for continuation: InputLanguage?) -> String {
        switch continuation {
        case let open?: session.settings.continuationPrompt ?? open.continuationPrompt
        case nil:
            // A `*` says a transaction is open, as in psql.
            if let main = session.settings.prompt {
                main
            } else if let tour = session.tour {
                "rql \(session.activeSession.target.displayName)\(transactionMark) (tour \(tour.position + 1)/\(tour.steps.count))> "
            } else if let steps = session.sandboxSteps {
                "rql \(session.target.displayName) (sandbox \(steps))> "
            } else {
                "rql \(session.target.displayName)\(transactionMark)> "
            }
        }
    }

    private var welcome: String {
        let opened = switch session.target {
        case .sample(let sample): "a private copy of the \(sample.rawValue) sample"
        case .file(let path, _): path
        case .copy(let path): "a private copy of \(path)"
        case .scratch(let path, _): path
        }
        return "rql: \(opened). .help lists the commands, .tour walks you through it."
    }

    /// Adds a typed command to the history and saves it at once, so a crash
    /// keeps it. A history that cannot be saved is said once.
    private func remember(_ entry: String, failed: inout Bool) {
        editor.addToHistory(entry)
        guard let history, !failed else { return }
        do {
            try history.append([entry])
        } catch {
            failed = true
            printError(.historyNotSaved("\(error)"))
        }
    }

    private func write(_ text: String) {
        session.console.write(text)
        session.console.flush()
    }
}
