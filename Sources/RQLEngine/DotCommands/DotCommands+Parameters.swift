import GRDB
import RQLLanguage

extension DotCommand {
    static let parameterCommands: [DotCommand] = [
        DotCommand(name: "parameter", usage: ".parameter set NAME VALUE | unset NAME | list | clear",
                   summary: "values bound to :name, $name, @name and ? parameters",
                   details: """
                       NAME is written as in the SQL: :name, $name, @name, or ?N for the Nth parameter
                       (a bare ? at position N takes ?N). VALUE is an SQL expression (42, 'text', x'00',
                       date('now')); anything that is not one is taken as text. Unset parameters are NULL.
                       """,
                   arguments: 1...3, keepsTextFrom: 2, completes: .words(["set", "unset", "list", "clear"])) { session, arguments in
            switch (arguments[0].lowercased(), arguments.count) {
            case ("set", 3): try session.setParameter(arguments[1], to: arguments[2])
            case ("unset", 2):
                guard session.parameters.removeValue(forKey: arguments[1]) != nil else {
                    throw CommandError("no parameter named \(arguments[1])")
                }
            case ("list", 1): session.writeParameters()
            case ("clear", 1): session.parameters.removeAll()
            default: throw DotCommand.named("parameter")?.usageError() ?? CommandError("usage: .parameter")
            }
        },
    ]
}

extension Session {
    /// Sets parameter `name` (`:name`, `$name`, `@name` or `?N`) to the value
    /// of the SQL expression `expression`, or to it as text when it is none.
    public func setParameter(_ name: String, to expression: String) throws {
        guard let prefix = name.first, ":$@?".contains(prefix), name.count > 1 else {
            throw CommandError("parameter names start with :, $, @ or ? (as in :name or ?1), not \"\(name)\"")
        }
        if prefix == "?", Int(name.dropFirst()) == nil {
            throw CommandError("a ? parameter is numbered: ?1, ?2, …")
        }
        let value = try queue.inDatabase { db -> DatabaseValue in
            guard let statement = try? prepare("SELECT \(expression)", in: db),
                  statement.columnCount == 1,
                  let value = try? DatabaseValue.fetchOne(statement) else {
                return expression.databaseValue
            }
            return value
        }
        parameters[name] = value
    }

    func writeParameters() {
        output.write(visible: AlignedList.text(parameters.keys.sorted().map { ($0, Session.literal(parameters[$0] ?? .null)) }))
    }

    /// A value as SQL would write it.
    static func literal(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): SQLText.stringLiteral(text)
        case .blob(let data): "x'" + data.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}
