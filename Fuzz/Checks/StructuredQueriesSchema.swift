/// The test database of pointfreeco/swift-structured-queries
/// (`Tests/StructuredQueriesTests/Support/Schema.swift`, the version with
/// the `reminderTexts` FTS5 table), as the library sends it to SQLite when
/// its tests run: the statements of `migrate()` as written there, then the
/// temporary triggers of `installTriggers()` as `createTemporaryTrigger`
/// generates them (one line a clause, the body indented, each trigger named
/// after its place in the file), then the rows of `seedDatabase()` as
/// `Seeds` batches them. Each statement is run alone, without a `;`, as the
/// library runs it.
public enum StructuredQueriesSchema {
    public static let migration = [
        #"""
            CREATE TABLE "remindersLists" (
              "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
              "color" INTEGER NOT NULL DEFAULT 4889071,
              "title" TEXT NOT NULL DEFAULT '',
              "position" INTEGER NOT NULL DEFAULT 0
            )
            """#,
        #"""
            CREATE UNIQUE INDEX "remindersLists_title" ON "remindersLists"("title")
            """#,
        #"""
            CREATE TABLE "reminders" (
              "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
              "assignedUserID" INTEGER,
              "dueDate" DATE,
              "isCompleted" BOOLEAN NOT NULL DEFAULT 0,
              "isFlagged" BOOLEAN NOT NULL DEFAULT 0,
              "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
              "notes" TEXT NOT NULL DEFAULT '',
              "priority" INTEGER,
              "title" TEXT NOT NULL DEFAULT '',
              "updatedAt" TEXT NOT NULL DEFAULT (datetime('subsec'))
            )
            """#,
        #"""
            CREATE TABLE "users" (
              "id" INTEGER PRIMARY KEY AUTOINCREMENT,
              "name" TEXT NOT NULL DEFAULT ''
            )
            """#,
        #"""
            CREATE INDEX "index_reminders_on_remindersListID" ON "reminders"("remindersListID")
            """#,
        #"""
            CREATE TABLE "tags" (
              "id" INTEGER PRIMARY KEY AUTOINCREMENT,
              "title" TEXT NOT NULL UNIQUE COLLATE NOCASE
            )
            """#,
        #"""
            CREATE TABLE "remindersTags" (
              "reminderID" INTEGER NOT NULL REFERENCES "reminders"("id") ON DELETE CASCADE,
              "tagID" INTEGER NOT NULL REFERENCES "tags"("id") ON DELETE CASCADE,
              UNIQUE("reminderID", "tagID")
            )
            """#,
        #"""
            CREATE TABLE "milestones" (
              "id" INTEGER PRIMARY KEY AUTOINCREMENT,
              "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
              "title" TEXT NOT NULL DEFAULT ''
            )
            """#,
        #"""
            CREATE VIRTUAL TABLE "reminderTexts" USING fts5(
              "reminderID" UNINDEXED,
              "title",
              "notes",
              "listID" UNINDEXED,
              "listTitle",
              "tags",
              tokenize = 'trigram'
            )
            """#,
    ]

    public static let triggers = [
        #"""
            CREATE TEMPORARY TRIGGER
              "after_insert_on_reminders@StructuredQueriesTests/Schema.swift:183:38"
            AFTER INSERT ON "reminders"
            FOR EACH ROW BEGIN
              INSERT INTO "reminderTexts"
              ("reminderID", "title", "notes", "listID", "listTitle", "tags")
              SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "remindersLists"."id", "remindersLists"."title", ''
              FROM "reminders"
              JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
              WHERE ("reminders"."id") IN (("new"."id"));
            END
            """#,
        #"""
            CREATE TEMPORARY TRIGGER
              "after_update_on_reminders@StructuredQueriesTests/Schema.swift:197:38"
            AFTER UPDATE OF "title", "notes", "remindersListID" ON "reminders"
            FOR EACH ROW BEGIN
              UPDATE "reminderTexts"
              SET "title" = "new"."title", "notes" = "new"."notes", "listID" = "new"."remindersListID"
              WHERE ("reminderTexts"."reminderID") = ("new"."id");
            END
            """#,
        #"""
            CREATE TEMPORARY TRIGGER
              "after_delete_on_reminders@StructuredQueriesTests/Schema.swift:212:38"
            AFTER DELETE ON "reminders"
            FOR EACH ROW BEGIN
              DELETE FROM "reminderTexts"
              WHERE ("reminderTexts"."reminderID") = ("old"."id");
            END
            """#,
        #"""
            CREATE TEMPORARY TRIGGER
              "after_update_on_remindersLists@StructuredQueriesTests/Schema.swift:221:43"
            AFTER UPDATE OF "title" ON "remindersLists"
            FOR EACH ROW BEGIN
              UPDATE "reminderTexts"
              SET "listTitle" = "new"."title"
              WHERE ("reminderTexts"."listID") = ("new"."id");
            END
            """#,
        #"""
            CREATE TEMPORARY TRIGGER
              "after_insert_on_remindersTags@StructuredQueriesTests/Schema.swift:232:41"
            AFTER INSERT ON "remindersTags"
            FOR EACH ROW BEGIN
              UPDATE "reminderTexts"
              SET "tags" = (
                SELECT coalesce(group_concat("tags"."title", ' '), '')
                FROM "remindersTags"
                JOIN "tags" ON ("remindersTags"."tagID") = ("tags"."id")
                WHERE ("remindersTags"."reminderID") = ("new"."reminderID")
              )
              WHERE ("reminderTexts"."reminderID") = ("new"."reminderID");
            END
            """#,
        #"""
            CREATE TEMPORARY TRIGGER
              "after_delete_on_remindersTags@StructuredQueriesTests/Schema.swift:247:41"
            AFTER DELETE ON "remindersTags"
            FOR EACH ROW BEGIN
              UPDATE "reminderTexts"
              SET "tags" = (
                SELECT coalesce(group_concat("tags"."title", ' '), '')
                FROM "remindersTags"
                JOIN "tags" ON ("remindersTags"."tagID") = ("tags"."id")
                WHERE ("remindersTags"."reminderID") = ("old"."reminderID")
              )
              WHERE ("reminderTexts"."reminderID") = ("old"."reminderID");
            END
            """#,
    ]

    public static let seeds = [
        #"""
            INSERT INTO "users"
            ("id", "name")
            VALUES
            (1, 'Blob'), (2, 'Blob Jr'), (3, 'Blob Sr')
            """#,
        #"""
            INSERT INTO "remindersLists"
            ("id", "color", "title", "position")
            VALUES
            (1, 4889071, 'Personal', 0), (2, 15567157, 'Family', 0), (3, 11689427, 'Business', 0)
            """#,
        #"""
            INSERT INTO "reminders"
            ("id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "notes", "priority", "remindersListID", "title", "updatedAt")
            VALUES
            (1, 1, '2001-01-01 00:00:00.000', 0, 0, 'Milk, Eggs, Apples', NULL, 1, 'Groceries', '2040-02-14 23:31:30.000'), (2, NULL, '2000-12-30 00:00:00.000', 0, 1, '', NULL, 1, 'Haircut', '2040-02-14 23:31:30.000'), (3, NULL, '2001-01-01 00:00:00.000', 0, 0, 'Ask about diet', 3, 1, 'Doctor appointment', '2040-02-14 23:31:30.000'), (4, NULL, '2000-06-25 00:00:00.000', 1, 0, '', NULL, 1, 'Take a walk', '2040-02-14 23:31:30.000'), (5, NULL, NULL, 0, 0, '', NULL, 1, 'Buy concert tickets', '2040-02-14 23:31:30.000'), (6, NULL, '2001-01-03 00:00:00.000', 0, 1, '', 3, 2, 'Pick up kids from school', '2040-02-14 23:31:30.000'), (7, NULL, '2000-12-30 00:00:00.000', 1, 0, '', 1, 2, 'Get laundry', '2040-02-14 23:31:30.000'), (8, NULL, '2001-01-05 00:00:00.000', 0, 0, '', 3, 2, 'Take out trash', '2040-02-14 23:31:30.000'), (9, NULL, '2001-01-03 00:00:00.000', 0, 0, 'Status of tax return
            Expenses for next year
            Changing payroll company', NULL, 3, 'Call accountant', '2040-02-14 23:31:30.000'), (10, NULL, '2000-12-30 00:00:00.000', 1, 0, '', 2, 3, 'Send weekly emails', '2040-02-14 23:31:30.000')
            """#,
        #"""
            INSERT INTO "tags"
            ("id", "title")
            VALUES
            (1, 'car'), (2, 'kids'), (3, 'someday'), (4, 'optional')
            """#,
        #"""
            INSERT INTO "remindersTags"
            ("reminderID", "tagID")
            VALUES
            (1, 3), (1, 4), (2, 3), (2, 4), (4, 1), (4, 2)
            """#,
        #"""
            INSERT INTO "milestones"
            ("id", "remindersListID", "title")
            VALUES
            (NULL, 1, 'Phase 1'), (NULL, 1, 'Phase 2'), (NULL, 1, 'Phase 3')
            """#,
    ]
}
