import Testing
@testable import RQLEngine

/// `.views` and `.view`: columns, lifetime and lineage from the statement region.
@Suite struct ViewInspectorTests {
    let script = """
        CREATE TEMP VIEW openReminders AS SELECT r.id, r.title, l.title AS list FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID WHERE r.status = 0;
        CREATE VIEW counts AS SELECT remindersListID, count(*) AS n FROM reminders GROUP BY 1;
        CREATE TEMP VIEW listNames AS SELECT list FROM openReminders;
        """

    @Test func everyViewWithWhatItReads() throws {
        let test = try TestSession()
        #expect(test.run(script + "\n.views").output == """
            counts|remindersListID, n|persistent|reminders(remindersListID)
            listNames|list|temporary|reminders(id, remindersListID, status, title), remindersLists(id, title)
            openReminders|id, title, list|temporary|reminders(id, remindersListID, status, title), remindersLists(id, title)

            """)
    }

    @Test func oneViewInFullThroughAnother() throws {
        let test = try TestSession()
        #expect(test.run(script + "\n.view listnames").output == """
            view listNames (temporary)
              columns  list
              through  openReminders
              reads:
                reminders: id, remindersListID, status, title
                remindersLists: id, title
              sql:
                CREATE VIEW listNames AS SELECT list FROM openReminders

            """)
    }

    /// A view whose table was dropped is flagged by `.views` and left out of
    /// the catalog; the DSL and the other inspectors go on working.
    @Test func aBrokenViewDisablesNothing() throws {
        let test = try TestSession()
        let broken = "CREATE TABLE gone(x);\nCREATE VIEW broken AS SELECT * FROM gone;\nDROP TABLE gone;\n"
        #expect(test.run(broken + ".views").output == "broken||persistent|cannot be read: no such table: main.gone\n")
        #expect(test.run(".view broken").output == """
            view broken (persistent)
              cannot be read: no such table: main.gone
              sql:
                CREATE VIEW broken AS SELECT * FROM gone

            """)
        for command in ["remindersLists | count", ".describe tags", ".indexes tags", ".fts", ".helpers", ".explain tags | count"] {
            #expect(test.run(command).errors == "", "\(command)")
        }
        #expect(test.run("remindersLists | count").output == "3\n")
    }

    @Test func messages() throws {
        let test = try TestSession()
        #expect(test.run(".views").output == "no views\n")
        #expect(test.run(".view x").errors == "error: no view named \"x\"\nthis database has no views\n")
        #expect(test.run(script + "\n.view listName").errors == "error: no view named \"listName\"\ndid you mean listNames?\n")
    }

    @Test func regionDescriptions() {
        let reads = ViewLineage.parse(region: "a(x,y),b(*)").map { "\($0.table): " + ($0.columns?.joined(separator: " ") ?? "*") }
        #expect(reads == ["a: x y", "b: *"])
        #expect(ViewLineage.parse(region: "empty").isEmpty)
    }
}

