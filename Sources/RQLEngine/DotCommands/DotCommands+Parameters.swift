import GRDB
import RQLLanguage
import RQLValues

extension DotCommand {
    static let parameterCommands: [DotCommand] = [
        DotCommand(name: "parameter", DotSyntax(forms: [[.keyword("set"), .value(.parameter), .value(.parameterValue)],
                                                        [.keyword("unset"), .value(.parameter)], [.keyword("list")], [.keyword("clear")]]),
                   summary: "values bound to :name, $name, @name and ? parameters",
                   details: """
                       NAME is written as in the SQL: :name, $name, @name, or ?N for the Nth parameter
                       (a bare ? at position N takes ?N). VALUE is an SQL expression (42, 'text', x'00',
                       date('now')); anything that is not one is taken as text. Unset parameters are NULL.
                       """) { session, arguments in
            switch arguments.keyword {
            case "set": try session.setParameter(arguments[.parameter], to: arguments[.parameterValue])
            case "unset":
                guard session.parameters.removeValue(forKey: arguments[.parameter]) != nil else {
                    throw CommandError(.noParameter(arguments[.parameter]))
                }
            case "list": session.writeParameters()
            default: session.parameters.removeAll()
            }
        },
    ]
}

extension DotValue {
    static let parameter = DotValue.word("NAME")
    /// An SQL expression, as written.
    static let parameterValue = DotValue(name: "VALUE", kind: .text)
}

extension Session {
    /// Sets parameter `name` (`:name`, `$name`, `@name` or `?N`) to the value
    /// of the SQL expression `expression`, or to it as text when it is none.
    public func setParameter(_ name: String, to expression: String) throws {
        guard let prefix = name.first, ":$@?".contains(prefix), name.count > 1 else {
            throw CommandError(.badParameterName(name))
        }
        if prefix == "?", Int(name.dropFirst()) == nil {
            throw CommandError(.unnumberedParameter)
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
