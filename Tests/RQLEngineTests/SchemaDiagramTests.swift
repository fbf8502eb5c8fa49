import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RQLEngine

/// `.erd`: the schema as boxes and arrows in words, Mermaid and DOT.
@Suite struct SchemaDiagramTests {
    @Test func theRemindersSchema() throws {
        let test = try TestSession()
        let output = test.run(".erd").output
        #expect(output.hasPrefix("┌─ reminders ────────────────┐  ┌─ remindersListAssets ───┐"))
        #expect(output.contains("│ FK remindersListID TEXT    │"))
        #expect(output.hasSuffix("""
            reminders.remindersListID ─▶ remindersLists.id  many-to-one, on delete cascade
            remindersListAssets.remindersListID ─▶ remindersLists.id  one-to-one, on delete cascade
            remindersTags.reminderID ─▶ reminders.id  many-to-one, on delete cascade
            remindersTags.tagID ─▶ tags.title  many-to-one, on delete cascade, on update cascade
            reminders ◀─▶ tags through remindersTags (many-to-many)
            reminderTexts (FTS5) indexes reminders, kept in sync by triggers

            """))
    }

    @Test func aTableAndItsNeighbours() throws {
        let output = try TestSession().run(".erd tags").output
        #expect(output.contains("┌─ remindersTags ────┐  ┌─ tags ────────┐"))
        #expect(!output.contains("┌─ reminders "))
        #expect(output.hasSuffix("remindersTags.tagID ─▶ tags.title  many-to-one, on delete cascade, on update cascade\nreminders ◀─▶ tags through remindersTags (many-to-many)\n"))
        #expect(try TestSession().run(".erd nosuch").errors == "error: no table matches \"nosuch\"\n.tables lists them\n")
        #expect(try TestSession().run(".erd --svg").errors.hasPrefix("error: usage: .erd [--mermaid|--dot|--svg FILE] [TABLE|PATTERN ...]"))
        #expect(try TestSession(safe: true).run(".erd --svg x.svg").errors.hasPrefix(
            "error: refused by safe mode: .erd --svg would write a file outside the private database"))
    }

    @Test func mermaidAndDot() throws {
        let test = try TestSession()
        let mermaid = test.run(".erd --mermaid tags").output
        #expect(mermaid.hasPrefix("erDiagram\n    remindersTags {\n        TEXT id PK\n        TEXT reminderID FK\n"))
        #expect(mermaid.contains("    tags ||--o{ remindersTags : \"tagID\"\n"))
        let dot = test.run(".erd --dot tags").output
        #expect(dot.hasPrefix("digraph schema {\n"))
        #expect(dot.contains("    \"remindersTags\" -> \"tags\" [label=\"tagID\"];\n"))
        #expect(dot.hasSuffix("}\n"))
    }

    /// `--svg FILE`: what Graphviz's dot draws of the DOT, as a file.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "skipped: .erd --svg, as Graphviz's dot is not installed"))
    func anSVGDrawnByGraphviz() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rql-erd-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try TestSession().run(".erd --svg '\(file)'").output == "drew 5 tables into \(file)\n")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(String(decoding: data, as: UTF8.self).contains("<title>remindersTags&#45;&gt;tags</title>"))
    }

    /// On a database nobody here made: every foreign key once, and the
    /// many-to-many link through PlaylistTrack.
    @Test(.enabled(if: Chinook.isAvailable, "skipped: .erd on Chinook, as ../shared/data/chinook.sqlite is absent"))
    func chinookEveryForeignKeyOnce() throws {
        let test = try TestSession(.file(path: Chinook.source.path, readonly: true))
        let output = test.run(".erd").output
        let keys = test.value("SELECT count(*) FROM sqlite_master AS m, pragma_foreign_key_list(m.name) WHERE m.type = 'table';")
        #expect(output.split(separator: "\n").filter { $0.contains(" ─▶ ") }.count == Int(keys))
        #expect(output.contains("PlaylistTrack.TrackId ─▶ Track.TrackId  many-to-one\n"))
        #expect(output.contains("Playlist ◀─▶ Track through PlaylistTrack (many-to-many)\n"))
        // The boxes fit the width asked for.
        let narrow = try TestSession(.file(path: Chinook.source.path, readonly: true))
        narrow.session.settings.lineWidth = 60
        #expect(narrow.run(".erd").output.split(separator: "\n").allSatisfy { $0.count <= 60 || $0.contains(" ─▶ ") || $0.contains("◀─▶") })
    }
}
