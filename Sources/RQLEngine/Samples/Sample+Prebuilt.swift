import CSQLiteSupport
import GRDB
import GRDBSQLite
import RQLSamples

extension Sample {
    /// A sample rql keeps built: the database file its script makes up to
    /// the statements that read the clock, and those statements, which run
    /// on a copy of it as the sample opens. Building the Reminders sample
    /// from its script was two thirds of the instructions rql ran to start.
    struct Prebuilt {
        /// The database file `built` makes (Samples/NAME.sqlite).
        let image: [UInt8]
        /// The script up to `opening`: what `image` holds.
        let built: Substring
        /// The rest of the script, from `Sample.openingMarker`.
        let opening: Substring

        init?(image: [UInt8], script: String) {
            var script = script
            let offset = script.withUTF8 { bytes in
                Sample.openingMarker.withUTF8Buffer { marker in
                    bytes.indices.first { start in
                        start + marker.count <= bytes.count && bytes[start..<start + marker.count].elementsEqual(marker)
                    }
                }
            }
            guard let offset else { return nil }
            let marker = script.utf8.index(script.utf8.startIndex, offsetBy: offset)
            self.image = image
            built = script[..<marker]
            opening = script[marker...]
        }

        /// Fills the main database of `db`, a new in-memory one, with what
        /// `image` holds, then runs `opening`. The image is opened on a
        /// connection of its own and copied page by page: opened on `db`
        /// itself, the database would take the name SQLite gives a
        /// deserialized file (`x`), where a database in memory has none.
        func load(into db: Database) throws {
            var source: OpaquePointer?
            defer { sqlite3_close_v2(source) }
            guard sqlite3_open_v2(":memory:", &source, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let source else {
                throw DatabaseError(resultCode: .SQLITE_NOMEM)
            }
            let size = image.count
            guard let copy = sqlite3_malloc64(UInt64(size)) else {
                throw DatabaseError(resultCode: .SQLITE_NOMEM)
            }
            image.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { copy.copyMemory(from: base, byteCount: size) }
            }
            // SQLite owns the copy from here, and frees it even on failure.
            var code = sqlite3_deserialize(source, "main", copy.assumingMemoryBound(to: UInt8.self),
                                           Int64(size), Int64(size), UInt32(SQLITE_DESERIALIZE_FREEONCLOSE))
            if code == SQLITE_OK {
                let backup = sqlite3_backup_init(db.sqliteConnection, "main", source, "main")
                code = sqlite3_backup_step(backup, -1)
                let finished = sqlite3_backup_finish(backup)
                code = code == SQLITE_DONE ? finished : code
            }
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            db.clearSchemaCache()
            try Sample.setSchemaVersion(Sample.schemaVersion(of: source), in: db)
            try db.execute(sql: String(opening))
        }
    }

    /// The schema version of the main database of `connection`, 0 if unread.
    private static func schemaVersion(of connection: OpaquePointer) -> Int64 {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, "PRAGMA main.schema_version", -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW else { return 0 }
        return sqlite3_column_int64(statement, 0)
    }

    /// Sets the schema version of the main database of `db`. A copy counts
    /// as one change of the schema, where the script made one a statement
    /// (the migrations lesson reads the count). Safe mode's defensive flag,
    /// which leaves the version as it is, is lifted for it.
    private static func setSchemaVersion(_ version: Int64, in db: Database) throws {
        let connection = UnsafeMutableRawPointer(db.sqliteConnection)
        let defensive = rql_config_flag(connection, SQLITE_DBCONFIG_DEFENSIVE) == 1
        if defensive { _ = rql_set_config_flag(connection, SQLITE_DBCONFIG_DEFENSIVE, 0) }
        defer { if defensive { _ = rql_set_config_flag(connection, SQLITE_DBCONFIG_DEFENSIVE, 1) } }
        try db.execute(sql: "PRAGMA main.schema_version = \(version)")
    }

    /// The comment that starts the statements of a sample's script that
    /// read the clock: its due dates.
    static let openingMarker: StaticString = "\n-- Due dates, relative to the clock"

    /// The sample as rql keeps it built; nil for one built from its script
    /// each time it opens (a small one, not the one rql starts on).
    var prebuilt: Prebuilt? {
        switch self {
        case .reminders: Prebuilt(image: SampleFiles.remindersImage, script: script)
        case .employees, .attachments: nil
        }
    }
}
