import Foundation
import RQLEngine

/// Reads commands at a plain prompt, one line at a time, until end of input
/// or `.quit`. Failures are reported and the prompt comes back.
struct PromptLoop {
    let session: Session

    func run() {
        print("rql: the \(session.target.displayName) database. .help lists commands; SQL statements end with ;, DSL queries (reminders | count) with their line")
        var reader = CommandReader()
        var lineNumber = 0
        while !session.hasQuit {
            session.runDueWork()
            let prompt: String
            switch reader.continuation {
            case .sql: prompt = "...> "
            case .dsl: prompt = "..| "
            default: prompt = "rql \(session.target.displayName)> "
            }
            FileHandle.standardOutput.write(Data(prompt.utf8))
            guard let line = readLine(strippingNewline: true) else { break }
            lineNumber += 1
            for command in reader.feed(line, line: lineNumber) where !session.hasQuit {
                session.execute(command)
            }
        }
        if let last = reader.finish(), !session.hasQuit { session.execute(last) }
        print("")
    }
}
