import Testing
import RQLEngine

/// `.triggers` and `.trigger` on the Reminders sample and on triggers made in the test.
@Suite struct TriggerInspectorTests {
    @Test func oneTriggerInFull() throws {
        let test = try TestSession()
        #expect(test.run(".trigger reminders_status_after_update").output == """
            trigger reminders_status_after_update (temporary, installed by rql)
              fires  AFTER UPDATE OF status ON reminders, for each row
              when   new.status = 2
              body:
                1. SELECT handleReminderStatusUpdate();

            """)
    }

    @Test func theTriggersOfATableAsRows() throws {
        let test = try TestSession()
        let ran = test.run(".mode csv\n.headers on\n.triggers remindersLists")
        #expect(ran.output == """
            name,table,timing,event,when,lifetime,body
            remindersLists_default_after_delete,remindersLists,AFTER,DELETE,"NOT EXISTS (SELECT 1 FROM remindersLists)","temporary, installed by rql","SELECT createDefaultRemindersList();"
            remindersLists_position_after_insert,remindersLists,AFTER,INSERT,,persistent,"UPDATE remindersLists
              SET position = (SELECT coalesce(max(position), 0) + 1 FROM remindersLists WHERE id <> new.id)
              WHERE id = new.id;"

            """)
    }

    @Test func temporaryTriggersInsteadOfTriggersAndUpdateOf() throws {
        let test = try TestSession()
        let ran = test.run("""
            CREATE TEMP VIEW openReminders AS SELECT id, title FROM reminders WHERE status = 0;
            CREATE TEMP TRIGGER openReminders_insert INSTEAD OF INSERT ON openReminders
            BEGIN
              INSERT INTO reminders (title, remindersListID) SELECT new.title, id FROM remindersLists LIMIT 1;
            END;
            CREATE TRIGGER tags_rename AFTER UPDATE OF title ON tags WHEN old.title <> new.title
            BEGIN UPDATE remindersTags SET tagID = new.title WHERE tagID = old.title; SELECT 'done;'; END;
            .mode list
            .triggers openReminders
            .triggers tags
            .trigger tags_rename
            """)
        #expect(ran.errors == "")
        #expect(ran.output == """
            openReminders_insert|openReminders|INSTEAD OF|INSERT||temporary|INSERT INTO reminders (title, remindersListID) SELECT new.title, id FROM remindersLists LIMIT 1;
            tags_rename|tags|AFTER|UPDATE OF title|old.title <> new.title|persistent|UPDATE remindersTags SET tagID = new.title WHERE tagID = old.title;
            SELECT 'done;';
            trigger tags_rename (persistent)
              fires  AFTER UPDATE OF title ON tags, for each row
              when   old.title <> new.title
              body:
                1. UPDATE remindersTags SET tagID = new.title WHERE tagID = old.title;
                2. SELECT 'done;';

            """)
    }

    @Test func messages() throws {
        let test = try TestSession()
        #expect(test.run(".triggers tags").output == "no triggers on tags\n")
        #expect(test.run(".trigger reminders_status_after_updat").errors == """
            error: no trigger named "reminders_status_after_updat"
            did you mean reminders_status_after_update?

            """)
        #expect(test.run(".triggers remindrs").errors == """
            error: no table or view named "remindrs"
            did you mean reminders?

            """)
        let employees = try TestSession(.sample(.employees))
        #expect(employees.run(".triggers").output == "no triggers\n")
        #expect(employees.run(".trigger x").errors.contains("this database has no triggers"))
    }
}
