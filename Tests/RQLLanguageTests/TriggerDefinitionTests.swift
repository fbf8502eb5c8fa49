import Testing
import RQLLanguage

@Suite struct TriggerDefinitionTests {
    @Test func updateOfColumnsWithAWhenCondition() throws {
        let trigger = try #require(TriggerDefinition.parse("""
            CREATE TRIGGER sync AFTER UPDATE OF title, "notes" ON reminders
            WHEN new.title <> old.title OR (SELECT count(*) FROM tags) > 0
            BEGIN
              UPDATE reminderTexts SET title = new.title WHERE rowid = new.rowid;
            END
            """))
        #expect(trigger.name == "sync")
        #expect(trigger.table == "reminders")
        #expect(trigger.timing == .after)
        #expect(trigger.event == .update(columns: ["title", "notes"]))
        #expect(trigger.event.description == "UPDATE OF title, notes")
        #expect(trigger.when == "new.title <> old.title OR (SELECT count(*) FROM tags) > 0")
        #expect(trigger.body == ["UPDATE reminderTexts SET title = new.title WHERE rowid = new.rowid;"])
    }

    @Test func insteadOfOnAView() throws {
        let trigger = try #require(TriggerDefinition.parse(
            "CREATE TEMP TRIGGER IF NOT EXISTS main.v_insert INSTEAD OF INSERT ON main.v FOR EACH ROW BEGIN INSERT INTO t VALUES (new.x); END"))
        #expect(trigger.name == "v_insert")
        #expect(trigger.table == "v")
        #expect(trigger.timing == .insteadOf)
        #expect(trigger.event == .insert)
        #expect(trigger.when == nil)
    }

    @Test func withoutTimingATriggerRunsBefore() throws {
        let trigger = try #require(TriggerDefinition.parse("create trigger t delete on a begin select 1; end"))
        #expect(trigger.timing == .before)
        #expect(trigger.event == .delete)
        #expect(trigger.event.description == "DELETE")
        #expect(TriggerDefinition.parse("create trigger t update on a begin select 1; end")?.event.description == "UPDATE")
    }

    @Test func stringsCommentsAndCaseEndDoNotEndTheBody_andCommentsBeforeAStatementAreLeftOut() throws {
        let trigger = try #require(TriggerDefinition.parse("""
            CREATE TRIGGER [odd name] AFTER INSERT ON "my table" BEGIN
              -- a comment; with END in it
              INSERT INTO log VALUES ('END; BEGIN', /* ; */ CASE WHEN new.x THEN 'a' ELSE 'b' END);
              UPDATE t SET y = CASE y WHEN 1 THEN 2 END;
            END
            """))
        #expect(trigger.name == "odd name")
        #expect(trigger.table == "my table")
        #expect(trigger.body == [
            "INSERT INTO log VALUES ('END; BEGIN', /* ; */ CASE WHEN new.x THEN 'a' ELSE 'b' END);",
            "UPDATE t SET y = CASE y WHEN 1 THEN 2 END;",
        ])
    }

    @Test func notATrigger() {
        #expect(TriggerDefinition.parse("CREATE TABLE t (x)") == nil)
        #expect(TriggerDefinition.parse("CREATE TRIGGER") == nil)
        #expect(TriggerDefinition.parse("CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1;") == nil)
        #expect(TriggerDefinition.parse("") == nil)
    }
}
