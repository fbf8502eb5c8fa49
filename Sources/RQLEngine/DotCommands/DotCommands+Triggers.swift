import GRDB
import RQLLanguage
import RQLRender
import RQLValues

extension DotCommand {
    static let triggerCommands: [DotCommand] = [
        DotCommand(name: "triggers", DotSyntax(.optional(.table)), summary: "the triggers, or those on TABLE: when they fire and what they do",
                   details: """
                       One row per trigger: its table, timing (BEFORE, AFTER, INSTEAD OF), event (INSERT,
                       DELETE, UPDATE or UPDATE OF columns), WHEN condition, whether it is temporary, and
                       the statements of its body. .trigger NAME shows one in full.
                       """) { session, arguments in
            try session.writeTriggers(on: arguments.text(.table))
        },
        DotCommand(name: "trigger", DotSyntax(.value(.trigger)), summary: "one trigger in full") { session, arguments in
            try session.writeTrigger(named: arguments[.trigger])
        },
    ]
}

extension DotValue {
    static let trigger = DotValue.word("NAME", completes: .triggers)
}

extension Session {
    func writeTriggers(on table: String?) throws {
        var triggers = try queue.inDatabase { try Trigger.all($0) }
        if let table {
            let catalog = try dslCatalog()
            let found = try catalog.inspectedTable(table)
            triggers = triggers.filter { $0.definition.table.lowercased() == found.name.lowercased() }
            if triggers.isEmpty { return output.write("no triggers on \(found.name)\n") }
        } else if triggers.isEmpty {
            return output.write("no triggers\n")
        }
        let rows: [[SQLValue]] = triggers.map { trigger in
            let definition = trigger.definition
            return [.text(trigger.name), .text(definition.table), .text(definition.timing.rawValue),
                    .text(definition.event.description), definition.when.map { .text($0) } ?? .null,
                    .text(trigger.lifetime), .text(definition.body.joined(separator: "\n"))]
        }
        try writeRows(columns: ["name", "table", "timing", "event", "when", "lifetime", "body"], rows: rows)
    }

    func writeTrigger(named name: String) throws {
        let triggers = try queue.inDatabase { try Trigger.all($0) }
        guard let trigger = triggers.first(where: { $0.name == name })
            ?? triggers.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw CommandError(.noTrigger(name, triggers: triggers.map(\.name)))
        }
        let definition = trigger.definition
        var text = "trigger \(trigger.name) (\(trigger.lifetime))\n"
        text += AlignedList.text([
            ("fires", "\(definition.timing.rawValue) \(definition.event.description) ON \(definition.table), for each row"),
            ("when", definition.when ?? "always"),
        ], indent: "  ")
        text += "  body:\n"
        for (index, statement) in definition.body.enumerated() {
            let lines = statement.split(separator: "\n", omittingEmptySubsequences: false)
            text += "    \(index + 1). " + lines.joined(separator: "\n       ") + "\n"
        }
        output.write(visible: text)
    }
}
