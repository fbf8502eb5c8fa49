import RQLEngine
import RQLLanguage

/// The DSL compiler, on every DSL command of the input in order (so `def`,
/// `let`, `alias` and `enum` lines define what later queries use), against
/// each fuzzing catalog: it returns SQL or an error whose span lies inside
/// the command, never crashes.
enum DSLCompilerCheck {
    static func problems(_ input: [UInt8]) -> [String] {
        let commands = CommandReader.commands(in: String(decoding: input, as: UTF8.self)).filter { $0.language == .dsl }
        var problems: [String] = []
        for fuzzCatalog in FuzzCatalog.all {
            var definitions = fuzzCatalog.definitions
            for command in commands {
                do {
                    _ = try DSL.compile(command.text, catalog: fuzzCatalog.catalog, definitions: &definitions)
                } catch {
                    if error.span.lower < 0 || error.span.upper > command.text.utf8.count || error.span.lower > error.span.upper {
                        problems.append("line \(command.line): the error span \(error.span) is outside the command")
                    }
                    if error.message.isEmpty { problems.append("line \(command.line): an error without a message") }
                }
            }
        }
        return problems
    }
}
