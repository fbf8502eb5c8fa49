import Foundation
import Testing
import RQLEngine

/// `.fts` and `.fts tokens`.
@Suite struct FTSInspectorTests {
    @Test func theSampleIndex() throws {
        let test = try TestSession()
        #expect(test.run(".fts reminderTexts").output == """
            FTS5 table reminderTexts
              columns        title, notes, tags
              tokenizer      trigram
              content        normal
              rows           11
              terms          256 distinct
              top terms      #so (5), ion (3), tio (3), cia (3), ial (3), oci (3), out (3), soc (3), ut  (3),  #o (2)
              integrity      ok
              shadow tables  reminderTexts_config, reminderTexts_content, reminderTexts_data, reminderTexts_docsize, reminderTexts_idx

            """)
    }

    @Test func contentlessAndExternalContentTables() throws {
        let test = try TestSession(.sample(.employees))
        let ran = test.run("""
            CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO docs (body) VALUES ('running runners run'), ('a quiet walk');
            CREATE VIRTUAL TABLE docsIndex USING fts5(body, content = docs, content_rowid = id, tokenize = 'porter');
            INSERT INTO docsIndex(docsIndex) VALUES ('rebuild');
            CREATE VIRTUAL TABLE bare USING fts5(body, note UNINDEXED, content = '', prefix = '2 3');
            INSERT INTO bare (rowid, body, note) VALUES (1, 'hello hello world', 'x');
            .fts docsIndex
            .fts bare
            """)
        #expect(ran.errors == "")
        #expect(ran.output == """
            FTS5 table docsIndex
              columns        body
              tokenizer      porter
              options        content_rowid=id
              content        external content (content=docs)
              sync           WARNING: no trigger on docs writes to it, so any change to docs leaves it stale; INSERT INTO docsIndex(docsIndex) VALUES ('rebuild') makes it again
              rows           2
              terms          5 distinct
              top terms      run (1), a (1), quiet (1), runner (1), walk (1)
              integrity      ok (the index matches docs)
              shadow tables  docsIndex_config, docsIndex_data, docsIndex_docsize, docsIndex_idx
            FTS5 table bare
              columns        body, note UNINDEXED
              tokenizer      unicode61 (the default)
              options        prefix=2 3
              content        contentless
              rows           1
              terms          2 distinct
              top terms      hello (1), world (1)
              integrity      ok
              shadow tables  bare_config, bare_data, bare_docsize, bare_idx

            """)
    }

    /// An external-content index is compared with its content, and its
    /// triggers are counted by event.
    @Test func aStaleIndexAndMissingTriggersAreReported() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO docs (body) VALUES ('crème brûlée'), ('東京 tower');
            CREATE VIRTUAL TABLE ix USING fts5(body, content = docs, content_rowid = id);
            INSERT INTO ix(ix) VALUES ('rebuild');
            CREATE TRIGGER docs_ai AFTER INSERT ON docs BEGIN INSERT INTO ix (rowid, body) VALUES (new.id, new.body); END;
            """)
        func facts() -> [String] {
            test.run(".fts ix").output.split(separator: "\n").filter { $0.hasPrefix("  sync") || $0.hasPrefix("  integrity") }
                .map { String($0) }
        }
        #expect(facts() == [
            "  sync           WARNING: no trigger on docs writes to it on UPDATE or DELETE, so those leave it stale; INSERT INTO ix(ix) VALUES ('rebuild') makes it again",
            "  integrity      ok (the index matches docs)",
        ])
        test.run("UPDATE docs SET body = 'emoji 🎉' WHERE id = 1;")
        #expect(facts().last == "  integrity      FAILED: the index does not match docs; INSERT INTO ix(ix) VALUES ('rebuild') makes it again")
        test.run("""
            INSERT INTO ix(ix) VALUES ('rebuild');
            CREATE TRIGGER docs_ad AFTER DELETE ON docs BEGIN INSERT INTO ix (ix, rowid, body) VALUES ('delete', old.id, old.body); END;
            CREATE TEMP TRIGGER docs_au AFTER UPDATE ON docs BEGIN
              INSERT INTO ix (ix, rowid, body) VALUES ('delete', old.id, old.body);
              INSERT INTO ix (rowid, body) VALUES (new.id, new.body);
            END;
            """)
        #expect(facts() == [
            "  sync           triggers on docs keep it in step: docs_ad, docs_ai, docs_au",
            "  integrity      ok (the index matches docs)",
        ])
    }

    /// Triggers that UPDATE or DELETE an external-content index after its
    /// row changed take out the new words, not the old: `.fts` names them,
    /// with the form each engine needs, and its integrity check fails.
    @Test func triggersThatChangeTheIndexTooLateAreNamed() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT);
            CREATE VIRTUAL TABLE ix USING fts5(body, content = docs, content_rowid = id);
            CREATE TRIGGER docs_ai AFTER INSERT ON docs BEGIN INSERT INTO ix (rowid, body) VALUES (new.id, new.body); END;
            CREATE TRIGGER docs_ad AFTER DELETE ON docs BEGIN DELETE FROM ix WHERE rowid = old.id; END;
            CREATE TRIGGER docs_au AFTER UPDATE ON docs BEGIN UPDATE OR IGNORE "ix" SET body = new.body WHERE rowid = new.id; END;
            INSERT INTO docs (body) VALUES ('alpha'), ('beta');
            UPDATE docs SET body = 'gamma' WHERE id = 1;
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            CREATE VIRTUAL TABLE notesIndex USING fts4(body, content="notes");
            CREATE TRIGGER notes_bd BEFORE DELETE ON notes BEGIN DELETE FROM notesIndex WHERE docid = old.id; END;
            CREATE TRIGGER notes_au AFTER UPDATE ON notes BEGIN DELETE FROM notesIndex WHERE docid = old.id; END;
            """)
        let five = test.run(".fts ix").output.split(separator: "\n").filter { $0.hasPrefix("  sync") || $0.hasPrefix("  integrity") }
        #expect(five == [
            "  sync           triggers on docs keep it in step: docs_ad, docs_ai, docs_au",
            "  sync           WARNING: docs_ad, docs_au change the index with UPDATE or DELETE after the row of docs has changed, "
                + "when the old words can no longer be read from it, so they stay in the index; "
                + "take the old row out with INSERT INTO ix(ix, rowid, …) VALUES ('delete', old.rowid, old.…)",
            "  integrity      FAILED: the index does not match docs; INSERT INTO ix(ix) VALUES ('rebuild') makes it again",
        ])
        let four = test.run(".fts notesIndex").output.split(separator: "\n").filter { $0.hasPrefix("  sync") }
        #expect(four == [
            "  sync           WARNING: no trigger on notes writes to it on INSERT, so those leave it stale; INSERT INTO notesIndex(notesIndex) VALUES ('rebuild') makes it again",
            "  sync           WARNING: notes_au changes the index with UPDATE or DELETE after the row of notes has changed, "
                + "when the old words can no longer be read from it, so they stay in the index; "
                + "delete from the index in a BEFORE trigger, insert in an AFTER one",
        ])
    }

    @Test func aReadOnlyDatabaseIsNotChecked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rql-fts-\(UUID().uuidString).sqlite").path
        let writer = try TestSession(.file(path: path, readonly: false))
        writer.run("CREATE VIRTUAL TABLE notes USING fts5(body); INSERT INTO notes VALUES ('one');")
        let reader = try TestSession(.file(path: path, readonly: true))
        #expect(reader.run(".fts notes").output.contains("  integrity      not checked: the check writes, and the database is read-only\n"))
    }

    /// FTS4 (and FTS3) tables: `.fts` reads them through fts4aux, `.describe`
    /// and the DSL's `search` find them, and `snippet` takes FTS4's order.
    @Test func fts4Tables() throws {
        let test = try TestSession.inMemory("""
            CREATE VIRTUAL TABLE notes USING fts4(title, body, tokenize=porter, notindexed=body);
            INSERT INTO notes (docid, title, body) VALUES (1, 'Running late', 'Zoë 東京'), (2, 'Walk', 'running');
            CREATE VIRTUAL TABLE old USING fts3(text);
            """)
        let facts = test.run(".fts notes").output
        #expect(facts.hasPrefix("FTS4 table notes\n  columns        title, body\n  tokenizer      porter\n  options        notindexed=body\n"))
        #expect(facts.contains("  terms          3 distinct\n  top terms      late (1), run (1), walk (1)\n  integrity      ok\n"))
        #expect(facts.contains("notes_segdir"))
        #expect(test.run(".fts old").output.hasPrefix("FTS4 table old\n  columns        text\n  tokenizer      simple (the default)\n"))
        #expect(test.run(".describe notes").output.hasPrefix("FTS4 table notes\n"))
        #expect(test.run("notes | search 'run' | select rowid, snippet(title)").output == "1|**Running** late\n")
        #expect(test.run("notes | search 'run' | select highlight(title)").errors
                .hasPrefix("error: `highlight` is FTS5's; `notes` is an FTS4 table"))
    }

    @Test func tokens() throws {
        let test = try TestSession()
        #expect(test.run(".fts tokens 'Taking walks, Café!' porter").output == "0|take\n1|walk\n2|cafe\n")
        #expect(test.run(".fts tokens 'Café' 'unicode61 remove_diacritics 2'").output == "0|cafe\n")
        #expect(test.run(".fts tokens 'walk' trigram").output == "0|wal\n1|alk\n")
        #expect(test.run(".fts tokens '  '").output == "no tokens\n")
    }

    @Test func messages() throws {
        let test = try TestSession()
        #expect(test.run(".fts reminders").errors == "error: no FTS5 or FTS4 table named \"reminders\"\nfull-text tables: reminderTexts\n")
        #expect(test.run(".fts tokens x nosuch").errors == """
            error: the tokenizer "nosuch" does not work: no such tokenizer: nosuch
            tokenizers: unicode61, ascii, porter, trigram (with options, e.g. 'porter ascii')

            """)
        #expect(test.run(".fts a b").errors.hasPrefix("error: usage: .fts [TABLE] | tokens 'TEXT' [TOKENIZER]"))
        #expect(try TestSession(.sample(.employees)).run(".fts").output == "no FTS5 or FTS4 tables\n")
        #expect(try TestSession(.sample(.employees)).run(".fts x").errors == "error: no FTS5 or FTS4 table named \"x\"\nthis database has no full-text table\n")
        #expect(test.run(".tables").output.contains("reminderTexts_data") == false)
    }
}
