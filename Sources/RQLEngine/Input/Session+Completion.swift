import Foundation
import GRDBSQLite
import RQLLanguage
import RQLRender

extension Session {
    /// What Tab offers at the end of `text`, the command typed so far: for
    /// a dot-command its name or its arguments (modes, tables, samples,
    /// files, on/off); for SQL and the DSL the names of the open database
    /// (read again after DDL), keywords, functions and helpers. `after` is
    /// the text after the cursor.
    ///
    ///     session.completions(before: ".trig").candidates   // [".triggers"]
    public func completions(before text: String, after: String = "") -> Completion {
        let catalog = (try? dslCatalog()) ?? Catalog()
        if let (language, body) = InputLanguage.classify(text[...]), language == .dot {
            return dotCompletions(String(body), catalog: catalog)
        }
        return Completion.command(text, after: after, catalog: catalog, definitions: definitions,
                                  keywords: Session.sqlKeywords,
                                  functions: Array(functionKinds().keys))
    }

    private func dotCompletions(_ line: String, catalog: Catalog) -> Completion {
        let name = line.dropFirst().prefix { !$0.isWhitespace }
        let rest = line.dropFirst(1 + name.count)
        guard !rest.isEmpty else {
            let names = Completion.matching(line, in: DotCommand.all.map { "." + $0.name })
            // Where one name begins another (.trigger, .triggers), Tab goes
            // to the longer one; typed in full, the shorter is offered too.
            let longer = names.filter { name in name == line || !names.contains { $0 != name && $0.hasPrefix(name) } }
            return Completion(word: line, candidates: longer.count == 1 ? longer : names)
        }
        guard let command = DotCommand.named(name.lowercased()) else { return Completion(word: "", candidates: []) }
        if command.syntax.takesText {
            return Completion.command(String(rest), catalog: catalog, definitions: definitions, keywords: Session.sqlKeywords,
                                      functions: Array(functionKinds().keys))
        }
        // A name whose quote is open runs from the quote, blanks and all;
        // a file name, to the last blank.
        let bare = String(rest.reversed().prefix { !$0.isWhitespace }.reversed())
        let text = String(rest)
        let quoted = Completion.openName(in: text, quotes: [UInt8(ascii: "'"), UInt8(ascii: "\"")]).map { String(text[$0...]) }
        let before = String(text.dropLast((quoted ?? bare).count))
        let typed = (try? DotCommandWords.split(before).map(\.text)) ?? before.split(whereSeparator: \.isWhitespace).map(String.init)
        let offered = command.syntax.offered(after: typed)
        let takesFile = offered.values.contains { if case .files = $0.completes { return true } else { return false } }
        let word = takesFile ? bare : quoted ?? bare
        let names = offered.words + (word.hasPrefix("-") ? offered.flags : [])
            + offered.values.flatMap { candidates(for: $0, word: word, catalog: catalog) }
        return Completion(word: word, candidates: Completion.matching(word, in: names))
    }

    /// What Tab offers for one value of a dot-command.
    private func candidates(for value: DotValue, word: String, catalog: Catalog) -> [String] {
        switch value.kind {
        case .onOff: return ["on", "off"]
        case .choice(let choices, _): return choices
        case .word, .number, .text, .fileOrPipe: break
        }
        switch value.completes {
        case .nothing, .sql: return []
        case .tables: return catalog.tableNames.map(Completion.dotCommandWord)
        case .triggers: return ((try? queue.inDatabase { try Trigger.all($0) })?.map(\.name) ?? []).map(Completion.dotCommandWord)
        case .samples: return Sample.names
        case .commands: return DotCommand.all.map(\.name)
        case .words(let words): return words
        case .files: return Session.files(matching: word)
        }
    }

    /// Paths that start with `word`: the entries of its folder, folders with a final `/`.
    static func files(matching word: String) -> [String] {
        let slash = word.lastIndex(of: "/")
        let folder = slash.map { String(word[...$0]) } ?? ""
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return entries.map { entry in
            var isFolder: ObjCBool = false
            let path = folder + entry
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                ? path + "/" : path
        }
    }

    /// SQLite's keywords (`sqlite3_keyword_name`), for completion.
    static let sqlKeywords: [String] = (0..<sqlite3_keyword_count()).compactMap { index in
        var name: UnsafePointer<CChar>?
        var length: Int32 = 0
        guard sqlite3_keyword_name(index, &name, &length) == SQLITE_OK, let name else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: name, count: Int(length)), as: UTF8.self)
    }
}
