import GRDB
import RQLLanguage

/// A trigger of the open database: where it lives and what its SQL says.
struct Trigger {
    /// `main`, `temp` or an attached database's name.
    var schema: String
    var definition: TriggerDefinition

    var name: String { definition.name }
    var lifetime: String {
        AppTriggers.isInstalledByRQL(schema: schema, name: name) ? "temporary, installed by rql" : Schema.lifetime(of: schema)
    }

    /// Every trigger of every schema (main, temp, attached), by table then name.
    static func all(_ db: Database) throws -> [Trigger] {
        let triggers = try Schema.objects(db, type: "trigger").compactMap { schema, _, _, sql in
            TriggerDefinition.parse(sql).map { Trigger(schema: schema, definition: $0) }
        }
        return triggers.sorted {
            ($0.definition.table.lowercased(), $0.name.lowercased()) < ($1.definition.table.lowercased(), $1.name.lowercased())
        }
    }
}
