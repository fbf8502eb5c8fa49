import Testing
import RQLEngine

/// `.describe TABLE` on the sample, on Chinook and on a schema built here.
@Suite struct DescribeTests {
    /// No default, not a key, not hidden: an empty cell, since NULL would
    /// read like DEFAULT NULL.
    @Test func whatAColumnLacksIsLeftBlank() throws {
        let output = try TestSession(mode: .box).run(".describe remindersListAssets").output
        #expect(!output.contains("NULL"))
        #expect(output.contains("│ coverImage      │ BLOB │ yes      │         │             │        │\n"))
    }

    @Test func aReminderTable() throws {
        let test = try TestSession()
        #expect(test.run(".describe reminders").output == """
            table reminders
            id|TEXT|yes|lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))|1|
            dueDate|TEXT|no|||
            isFlagged|INTEGER|yes|0||
            notes|TEXT|yes|''||
            position|INTEGER|yes|0||
            priority|INTEGER|no|||
            remindersListID|TEXT|yes|||
            status|INTEGER|yes|0||
            title|TEXT|yes|''||
            foreign keys:
              reminders(remindersListID) → remindersLists(id) ON DELETE CASCADE
            referenced by:
              remindersTags(reminderID) → reminders(id) ON DELETE CASCADE
            indexes:
              index_reminders_on_position
              index_reminders_on_remindersListID
              sqlite_autoindex_reminders_1
            triggers:
              reminders_position_after_insert: AFTER INSERT
              reminders_status_after_update: AFTER UPDATE OF status
              reminderTexts_after_delete_on_reminders: AFTER DELETE
              reminderTexts_after_insert_on_reminders: AFTER INSERT
              reminderTexts_after_update_on_reminders: AFTER UPDATE OF title, notes
            full-text search:
              reminderTexts: kept in sync by reminderTexts_after_delete_on_reminders, reminderTexts_after_insert_on_reminders, reminderTexts_after_update_on_reminders

            """)
    }

    @Test func generatedColumnsAndExternalContent() throws {
        let test = try TestSession(.sample(.employees))
        let ran = test.run("""
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL DEFAULT '', size INT GENERATED ALWAYS AS (length(body)) STORED, shout AS (upper(body)));
            CREATE VIRTUAL TABLE notesIndex USING fts5(body, content=notes, content_rowid=id, tokenize='porter');
            .describe notes
            .describe notesIndex
            """)
        #expect(ran.errors == "")
        #expect(ran.output == """
            table notes
            id|INTEGER|no||1|
            body|TEXT|yes|''||
            size|INT|no|||generated (stored)
            shout||no|||generated (virtual)
            full-text search:
              notesIndex: external content (content=notes)
            FTS5 table notesIndex
            body||no|||
            notesIndex||no|||hidden
            rank||no|||hidden

            """)
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: needs ../shared/data/chinook.sqlite"))
    func chinookForeignKeysBothWays() throws {
        let chinook = try TestSession.chinook(readonly: true)
        let output = chinook.run(".describe track").output
        #expect(output.hasPrefix("table Track\nTrackId|INTEGER|yes||1|\n"))
        #expect(output.contains("""
            foreign keys:
              Track(AlbumId) → Album(AlbumId)
              Track(GenreId) → Genre(GenreId)
              Track(MediaTypeId) → MediaType(MediaTypeId)
            referenced by:
              InvoiceLine(TrackId) → Track(TrackId)
              PlaylistTrack(TrackId) → Track(TrackId)
            """))
    }

    @Test func anUnknownTable() throws {
        let test = try TestSession()
        #expect(test.run(".describe remindrs").errors == "error: no table or view named \"remindrs\"\ndid you mean reminders?\n")
    }
}
