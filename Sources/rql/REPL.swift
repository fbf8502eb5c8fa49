import FoundationEssentials
import Glibc
import LineEditor
import RQLEngine
import RQLLanguage
import RQLRender

/// The interactive prompt: reads commands with the line editor until
/// Ctrl-D or `.quit` and runs each through the session. A command that
/// spans lines continues at a prompt that says what is open, and goes into
/// the history as one entry once it is complete. During a `.tour`, the
/// prompt says which step is next and Enter on an empty line runs it.
final class REPL {
    let session: Session
    let editor: LineEditor
    let history: HistoryFile?
    /// The command being read, its lines so far, and how many lines were read.
    private var reader = CommandReader()
    private var typed: [String] = []
    private var lineNumber = 0
    /// The last entry of the history, which `.edit` opens.
    private var lastEntry = ""
    private var historyFailed = false

    init?(session: Session, history: HistoryFile?) {
        guard let editor = LineEditor(program: "rql", historyCapacity: history?.capacity ?? 2_000) else { return nil }
        self.session = session
        self.editor = editor
        self.history = history
        let entries = history?.load() ?? []
        for entry in entries { editor.addToHistory(entry) }
        lastEntry = entries.last ?? ""
    }

    func run() {
        write(welcome + "\n")
        // A question, such as before deleting every row; Ctrl-C or Ctrl-D
        // gives no answer.
        let editor = editor
        session.asksPerson = { question in
            guard case .line(let answer) = editor.read(prompt: question) else { return nil }
            return answer
        }
        editor.completer = { [unowned self] before, after in
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
            case .edit(let line):
                // Ctrl-X Ctrl-E: the command being typed, or the last one.
                let pending = (typed + [line]).joined(separator: "\n")
                reader = CommandReader()
                typed = []
                edit(pending.allSatisfy(\.isWhitespace) ? lastEntry : pending)
            case .line(let text):
                for line in text.lineTexts {
                    // At a tour's exercise: `s` shows the answer, `n` skips it.
                    if session.tourExercise != nil, !reader.isContinuing, let choice = REPL.exerciseWords[REPL.bareWord(line)] {
                        lineNumber += 1
                        typed = []
                        session.answerTourExercise(choice)
                        continue
                    }
                    // During a tour, Enter on an empty line runs the next step.
                    if session.tour != nil, session.tourExercise == nil, !reader.isContinuing, line.allSatisfy(\.isWhitespace) {
                        lineNumber += 1
                        typed = []
                        session.execute(Command(.dot, ".tour next"))
                        continue
                    }
                    // `help`, `exit` and `quit`, as psql and litecli take them.
                    if !reader.isContinuing, let dot = REPL.newcomerWords[REPL.bareWord(line)] {
                        lineNumber += 1
                        typed = []
                        remember(line)
                        session.execute(Command(.dot, dot, line: lineNumber))
                        continue
                    }
                    if !reader.isContinuing, REPL.bareWord(line) == ".edit" {
                        lineNumber += 1
                        typed = []
                        edit(lastEntry)
                        continue
                    }
                    take(line)
                }
            }
        }
        if let last = reader.finish(), !session.hasQuit { session.execute(last) }
    }

    private var transactionMark: String { session.activeSession.isInTransaction ? "*" : "" }

    /// What a learner types at a tour's exercise instead of an answer.
    static let exerciseWords: [String: Session.TourAnswer] = ["s": .showReference, "n": .skip]

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
            } else if session.tourExercise != nil {
                "your answer> "
            } else if let tour = session.tour {
                "rql \(CellText.visibleLine(session.activeSession.target.displayName))\(transactionMark) (tour \(tour.position + 1)/\(tour.steps.count))> "
            } else if let steps = session.sandboxSteps {
                "rql \(databaseName) (sandbox \(steps))> "
            } else {
                "rql \(databaseName)\(transactionMark)> "
            }
        }
    }

    /// The open database's name as the prompt shows it: a file name's
    /// control characters as symbols, never sent to the terminal.
    private var databaseName: String { CellText.visibleLine(session.target.displayName) }

    private var welcome: String {
        let opened = switch session.target {
        case .sample(let sample): "a private copy of the \(sample.rawValue) sample"
        case .file(let path, _): path
        case .copy(let path): "a private copy of \(path)"
        case .dataFiles(let paths): "an in-memory database holding " + paths.joined(separator: ", ")
        case .scratch(let path, _): path
        }
        return "rql: \(CellText.visibleLine(opened)). .help lists the commands, .tour walks you through it."
    }

    /// One line typed: fed to the command reader, and each command it
    /// completes run; a complete entry enters the history.
    private func take(_ line: String, remembers: Bool = true) {
        lineNumber += 1
        typed.append(line)
        let commands = reader.feed(line, line: lineNumber)
        if !reader.isContinuing {
            let entry = typed.joined(separator: "\n")
            typed = []
            if remembers, !entry.allSatisfy(\.isWhitespace) { remember(entry) }
        }
        for command in commands where !session.hasQuit {
            // At a tour's exercise, a query is the learner's answer, graded rather than run.
            if session.tourExercise != nil, command.language != .dot {
                session.answerTourExercise(.query(command.text))
            } else {
                session.execute(command)
            }
        }
    }

    /// `.edit` and Ctrl-X Ctrl-E: `text` in the person's editor; what they
    /// save is shown, enters the history whole, and runs as if typed.
    private func edit(_ text: String) {
        guard let commands = session.activeSession.editedCommands(from: text) else { return }
        // What the editor saved, shown as typed; control characters as symbols.
        session.console.write(visible: commands + "\n")
        session.console.flush()
        remember(commands)
        for line in commands.lineTexts where !session.hasQuit { take(line, remembers: false) }
    }

    /// Adds a typed command to the history and saves it at once, so a crash
    /// keeps it. A history that cannot be saved is said once.
    private func remember(_ entry: String) {
        editor.addToHistory(entry)
        lastEntry = entry
        guard let history, !historyFailed else { return }
        do {
            try history.append([entry])
        } catch {
            historyFailed = true
            printError(.historyNotSaved("\(error)"))
        }
    }

    private func write(_ text: String) {
        session.console.write(text)
        session.console.flush()
    }
}
