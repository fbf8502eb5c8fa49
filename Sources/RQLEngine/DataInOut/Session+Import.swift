import FoundationEssentials
import Glibc
import GRDB
import GRDBSQLite
import RQLLanguage
import RQLValues

/// `.import`: a CSV, TSV, JSON or newline-delimited JSON file into a table,
/// all or nothing, chunk by chunk, inside a savepoint that a failure (a
/// malformed record, a constraint) rolls back. A CSV or TSV file is read
/// once: its columns' types come from its first records, and the rest are
/// inserted as they are read (`Session+ImportOnePass.swift`). JSON, and a
/// CSV file whose later values need other types than its first ones gave,
/// are read twice: first for the columns, their types and the shape, then
/// to insert each record with a prepared statement.
extension Session {
    /// What the first reading learned: the columns, in order, and the records.
    struct ImportShape {
        var names: [String]
        var kinds: [ColumnKind]
        var records = 0
        /// The first line of values holding bytes that are not UTF-8 text.
        var firstLineNotUTF8: Int?
        /// The header's line, when its names hold bytes that are not UTF-8.
        var headerNotUTF8: Int?

        /// Notes the reader's line when it is the first that is not UTF-8.
        mutating func check(_ bytes: [UInt8], line: Int) {
            guard firstLineNotUTF8 == nil, !bytes.withUnsafeBufferPointer(UTF8Validation.isValid) else { return }
            firstLineNotUTF8 = line
        }
    }

    /// `.import`; `reportsSummary`: whether the line that says what was imported is written.
    func importFile(_ asked: ImportRequest, reportsSummary: Bool = true) throws {
        var request = asked
        request.path = resolvingFile(asked.path)
        let source = try ImportSource(path: request.path)
        let progress = ImportProgress(source: source, to: diagnostics)
        defer { progress.finish() }
        let interrupts = interruptCount
        let imported: (summary: String, shape: ImportShape)
        if request.format == .csv || request.format == .tsv,
           let once = try importInOnePass(source, request, progress: progress, interrupts: interrupts) {
            imported = once
        } else {
            if request.format == .csv || request.format == .tsv {
                try source.rewind()
                progress.begin(.reading)
            }
            let shape = try readShape(of: source, request, progress: progress, interrupts: interrupts)
            try source.rewind()
            progress.begin(.importing)
            let summary = try inImportSavepoint { db in
                let target = try importTarget(request, shape, in: db)
                try insertRecords(of: source, request, shape, into: target.sql, columns: target.columns,
                                  connection: db.sqliteConnection, progress: progress, interrupts: interrupts)
                return Session.importSummary(target, shape)
            }
            imported = (summary, shape)
        }
        let shape = imported.shape
        progress.finish()
        if reportsSummary { output.write(imported.summary + "\n") }
        if let line = shape.headerNotUTF8 {
            diagnostics.write("\(request.path):\(line): warning: the header is not UTF-8 text; "
                              + "in the column names each byte that is not became U+FFFD\n")
        }
        if let line = shape.firstLineNotUTF8 {
            diagnostics.write("\(request.path):\(line): warning: this line is not UTF-8 text; its bytes are stored as they are\n"
                              + "help: a file saved as Latin-1 or Windows-1252 reads right once converted: "
                              + "iconv -f WINDOWS-1252 -t UTF-8 \(Session.shellWord(request.path)) > "
                              + Session.shellWord(Session.convertedName(request.path)) + "\n")
        }
    }

    /// Imports each of a `.dataFiles` target's files into a table named
    /// after it (`people.csv` into `people`; `people_2` for a second file of
    /// that name), as `.import` does, saying nothing of what it imported.
    func importDataFiles(_ paths: [String]) throws {
        var names: Set<String> = []
        for path in paths {
            guard let format = ImportRequest.format(ofFileNamed: path) else { continue }
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let base = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
            var name = base.isEmpty ? "data" : base
            var number = 2
            while names.contains(name.lowercased()) {
                name = "\(base)_\(number)"
                number += 1
            }
            names.insert(name.lowercased())
            try importFile(ImportRequest(path: path, table: name, format: format), reportsSummary: false)
        }
    }

    /// Runs `body` inside the import's savepoint: released when it returns,
    /// rolled back when it throws or returns nil.
    func inImportSavepoint<Result>(_ body: (Database) throws -> Result?) throws -> Result? {
        try queue.inDatabase { db throws -> Result? in
            try db.execute(sql: "SAVEPOINT rql_import")
            do {
                if let result = try body(db) {
                    try db.execute(sql: "RELEASE rql_import")
                    return result
                }
            } catch {
                try? db.execute(sql: "ROLLBACK TO rql_import")
                try? db.execute(sql: "RELEASE rql_import")
                throw error
            }
            try? db.execute(sql: "ROLLBACK TO rql_import")
            try? db.execute(sql: "RELEASE rql_import")
            return nil
        }
    }

    func inImportSavepoint(_ body: (Database) throws -> String) throws -> String {
        try inImportSavepoint { db -> String? in try body(db) } ?? ""
    }

    /// What `.import` says it did.
    static func importSummary(_ target: ImportTarget, _ shape: ImportShape) -> String {
        let records = "\(shape.records) record\(shape.records == 1 ? "" : "s")"
        return target.created
            ? "imported \(records) into a new table \(target.name) (" + zip(shape.names, shape.kinds)
                .map { "\($0) \($1.affinity.rawValue)" }.joined(separator: ", ") + ")"
            : "imported \(records) into \(target.name)"
    }

    /// `dir/cities.csv` → `dir/cities-utf8.csv`: a name that keeps the
    /// extension `.import` reads the format from.
    static func convertedName(_ path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return path + "-utf8" }
        return String(path[..<dot]) + "-utf8" + String(path[dot...])
    }

    /// `path` as a shell reads it: bare when it holds only plain characters, else in single quotes.
    static func shellWord(_ path: String) -> String {
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic
            || $0.properties.numericType != nil || "._-/+,".unicodeScalars.contains($0)) }
        return plain ? path : "'" + path.replacingAll(UInt8(ascii: "'"), with: "'\\''") + "'"
    }

    /// The first reading: column names (a header, the JSON keys, or c1…cN),
    /// their kinds, and that every record has as many fields as the first.
    private func readShape(of source: ImportSource, _ request: ImportRequest, progress: ImportProgress,
                           interrupts: Int) throws -> ImportShape {
        switch request.format {
        case .csv, .tsv:
            var reader = CSVReader(source, separator: request.fieldSeparator, skippingLines: request.skippedLines)
            var shape = try Session.csvHead(&reader, request)
            let width = shape.kinds.count
            var hasRecord = request.hasHeader ? try reader.next() : true
            while hasRecord {
                shape.check(reader.bytes, line: reader.line)
                try Session.checkFields(of: reader, width: width, request)
                reader.bytes.withUnsafeBufferPointer { bytes in
                    for column in 0..<width {
                        shape.kinds[column].observe(csv: UnsafeBufferPointer(rebasing: bytes[reader.fieldRange(column)]))
                    }
                }
                shape.records += 1
                if shape.records & 0xFFF == 0 { try checkImportGoesOn(progress, records: shape.records, interrupts: interrupts) }
                hasRecord = try reader.next()
            }
            shape.names = Session.importColumnNames(shape.names)
            return shape
        case .json, .ndjson:
            var reader = JSONRecordReader(source)
            var shape = ImportShape(names: [], kinds: [])
            while try reader.next() {
                shape.check(reader.bytes, line: reader.line)
                if shape.kinds.count < reader.keys.count {
                    shape.kinds += Array(repeating: ColumnKind(), count: reader.keys.count - shape.kinds.count)
                }
                for member in reader.members { shape.kinds[member.key].observe(json: member.value) }
                shape.records += 1
                if shape.records & 0xFFF == 0 { try checkImportGoesOn(progress, records: shape.records, interrupts: interrupts) }
            }
            guard !reader.keys.isEmpty else { throw CommandError(.noKeyedRecords(request.path)) }
            shape.names = Session.importColumnNames(reader.keys)
            return shape
        }
    }

    /// The shape a CSV file's first record starts: its width, and the
    /// column names its header gives (c1…cN without one). The reader stays
    /// on that record.
    static func csvHead(_ reader: inout CSVReader, _ request: ImportRequest) throws -> ImportShape {
        guard try reader.next() else { throw CommandError(.noRecords(request.path)) }
        let width = reader.fieldCount
        var shape = ImportShape(names: [], kinds: Array(repeating: ColumnKind(), count: width))
        if request.hasHeader {
            if !reader.bytes.withUnsafeBufferPointer(UTF8Validation.isValid) { shape.headerNotUTF8 = reader.line }
            shape.names = (0..<width).map { String(decoding: reader.bytes[reader.fieldRange($0)], as: UTF8.self) }
        } else {
            shape.names = (1...width).map { "c\($0)" }
        }
        return shape
    }

    /// Column names as a new table gets them: an empty one is `cN`, and a
    /// name met again (in any case) gets `_2`, `_3`….
    static func importColumnNames(_ names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.enumerated().map { index, written in
            let base = written.isEmpty ? "c\(index + 1)" : written
            var name = base
            var suffix = 2
            while taken.contains(name.lowercased()) {
                name = "\(base)_\(suffix)"
                suffix += 1
            }
            taken.insert(name.lowercased())
            return name
        }
    }

    func checkImportGoesOn(_ progress: ImportProgress, records: Int, interrupts: Int) throws {
        if interruptCount != interrupts {
            throw CommandError(.importInterrupted)
        }
        progress.update(records: records)
    }

    /// The database and table `name` means: `aux.t` is table t of the
    /// attached database aux (as SQL reads it), unless a table is called
    /// `aux.t` itself; otherwise the table of temp, main or an attached
    /// database, in SQLite's order (nil for the database).
    static func importedTable(_ name: String, in db: Database) throws -> (schema: String?, table: String) {
        guard let dot = name.firstIndex(of: "."),
              try Bool.fetchOne(db, sql: "SELECT count(*) = 0 FROM pragma_table_list WHERE name = ? COLLATE NOCASE",
                                arguments: [name]) == true else { return (nil, name) }
        let schema = String(name[..<dot])
        let databases = try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list")
        guard let database = databases.first(where: { $0.lowercased() == schema.lowercased() }) else { return (nil, name) }
        return (database, String(name[name.index(after: dot)...]))
    }

    /// The table to fill (its name, and as SQL) and, for each column of the
    /// file in order, the table's column it goes to: a new table made from
    /// the file's columns, or an existing one matched by name (or position).
    typealias ImportTarget = (name: String, sql: String, columns: [String], created: Bool)

    func importTarget(_ request: ImportRequest, _ shape: ImportShape, in db: Database) throws -> ImportTarget {
        let (named, table) = try Session.importedTable(request.table, in: db)
        let existing = try Row.fetchOne(db, sql: """
            SELECT schema, name, type FROM pragma_table_list WHERE name = ? COLLATE NOCASE AND (? IS NULL OR schema = ?)
            ORDER BY schema <> 'temp', schema <> 'main'
            """, arguments: [table, named, named])
        guard let existing else {
            let columns = zip(shape.names, shape.kinds).map { SQLText.identifier($0) + " " + $1.affinity.rawValue }
            let qualified = (named.map { SQLText.identifier($0) + "." } ?? "") + SQLText.identifier(table)
            try db.execute(sql: "CREATE TABLE \(qualified) (\(columns.joined(separator: ", ")))")
            return (request.table, qualified, shape.names, true)
        }
        let schema: String = existing["schema"]
        let name: String = existing["name"]
        let type: String = existing["type"]
        guard type == "table" else {
            throw CommandError(.importTarget(name, type: type))
        }
        let generated = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?, ?) WHERE hidden IN (2, 3)",
                                            arguments: [name, schema])
        let tableColumns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?, ?) WHERE hidden = 0",
                                               arguments: [name, schema])
        let qualified = (schema == "main" ? "" : SQLText.identifier(schema) + ".") + SQLText.identifier(name)
        let shownName = (schema == "main" ? "" : schema + ".") + name
        if request.byPosition || (!request.hasHeader && request.format != .json && request.format != .ndjson) {
            guard tableColumns.count == shape.names.count else {
                throw CommandError(.importWidths(path: request.path, columns: shape.names.count, table: name,
                                                 tableColumns: tableColumns.count))
            }
            return (shownName, qualified, tableColumns, false)
        }
        var byName: [String: String] = [:]
        for column in tableColumns { byName[column.lowercased()] = column }
        let unknown = shape.names.filter { byName[$0.lowercased()] == nil }
        let fileNames = Set(shape.names.map { $0.lowercased() })
        let missing = tableColumns.filter { !fileNames.contains($0.lowercased()) }
        guard unknown.isEmpty, missing.isEmpty else {
            let computed = unknown.filter { column in generated.contains { $0.lowercased() == column.lowercased() } }
            throw CommandError(.importColumns(path: request.path, table: name, absent: unknown.filter { !computed.contains($0) },
                                              computed: computed, missing: missing))
        }
        return (shownName, qualified, shape.names.map { byName[$0.lowercased()] ?? $0 }, false)
    }

    /// The second reading: each record bound to one prepared INSERT.
    private func insertRecords(of source: ImportSource, _ request: ImportRequest, _ shape: ImportShape,
                               into table: String, columns: [String], connection: SQLiteConnection?,
                               progress: ImportProgress, interrupts: Int) throws {
        let insert = try ImportInsert(into: table, columns: columns, connection: connection)
        let affinities = shape.kinds.map(\.affinity)
        func step(line: Int) throws {
            try insert.step(path: request.path, line: line)
            if insert.records & 0xFFF == 0 { try checkImportGoesOn(progress, records: insert.records, interrupts: interrupts) }
        }
        switch request.format {
        case .csv, .tsv:
            var reader = CSVReader(source, separator: request.fieldSeparator, skippingLines: request.skippedLines)
            if request.hasHeader { _ = try reader.next() }
            while try reader.next() {
                reader.bytes.withUnsafeBufferPointer { bytes in
                    for column in 0..<affinities.count {
                        Session.bind(csv: reader.fieldRange(column), in: bytes, as: affinities[column],
                                     to: insert.statement, at: Int32(column + 1))
                    }
                }
                try step(line: reader.line)
            }
        case .json, .ndjson:
            var reader = JSONRecordReader(source)
            while try reader.next() {
                sqlite3_clear_bindings(insert.statement)
                reader.bytes.withUnsafeBufferPointer { bytes in
                    for member in reader.members {
                        Session.bind(json: member.value, in: bytes, to: insert.statement, at: Int32(member.key + 1))
                    }
                }
                try step(line: reader.line)
            }
        }
    }

    static func bind(csv range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                             as affinity: ColumnKind.Affinity, to statement: OpaquePointer, at index: Int32) {
        let field = UnsafeBufferPointer(rebasing: bytes[range])
        if field.isEmpty, affinity != .text {
            sqlite3_bind_null(statement, index)
        } else if affinity == .integer, let integer = ColumnKind.integer(field) {
            sqlite3_bind_int64(statement, index, integer)
        } else if affinity == .real, let real = ColumnKind.real(field) ?? ColumnKind.integer(field).map(Double.init) {
            sqlite3_bind_double(statement, index, real)
        } else {
            bindText(range, in: bytes, to: statement, at: index)
        }
    }

    private static func bind(json value: JSONRecordReader.Value, in bytes: UnsafeBufferPointer<UInt8>,
                             to statement: OpaquePointer, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let integer): sqlite3_bind_int64(statement, index, integer)
        case .real(let real): sqlite3_bind_double(statement, index, real)
        case .text(let range), .json(let range): bindText(range, in: bytes, to: statement, at: index)
        }
    }

    static func bindText(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                                 to statement: OpaquePointer, at index: Int32) {
        guard !range.isEmpty, let base = bytes.baseAddress else {
            sqlite3_bind_text(statement, index, "", 0, Session.transient)
            return
        }
        UnsafeRawPointer(base + range.lowerBound).withMemoryRebound(to: CChar.self, capacity: range.count) { text in
            _ = sqlite3_bind_text64(statement, index, text, sqlite3_uint64(range.count), Session.transient, UInt8(SQLITE_UTF8))
        }
    }

    /// SQLite copies bound text at once: the reader's buffer is reused for the next record.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
