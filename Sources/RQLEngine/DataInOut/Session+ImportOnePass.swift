import GRDB
import GRDBSQLite

/// `.import` of a CSV or TSV file in one reading. The first records (up to
/// `heldRecords`, or `heldBytes` of them) are held while their columns'
/// types are learned; the table is made from them, and every record is
/// inserted as it is read, each number parsed once. A later value that
/// would give its column another type than the first records gave (text
/// in a REAL column, a fraction in an INTEGER one, the first value of a
/// column empty so far) rolls back what was inserted, and the import starts
/// again reading the file twice, so that the types are always those of the
/// whole file.
extension Session {
    private static let heldRecords = 4096
    private static let heldBytes = 1 << 22

    /// The summary and the shape, or nil when the file needs the two readings.
    func importInOnePass(_ source: ImportSource, _ request: ImportRequest, progress: ImportProgress,
                         interrupts: Int) throws -> (summary: String, shape: ImportShape)? {
        var reader = CSVReader(source, separator: request.fieldSeparator, skippingLines: request.skippedLines)
        var shape = try Session.csvHead(&reader, request)
        let width = shape.kinds.count
        // The first records, held while their types are learned.
        var held: [(bytes: [UInt8], fields: [Range<Int>], line: Int)] = []
        var heldBytes = 0
        var hasRecord = request.hasHeader ? try reader.next() : true
        // A record that would pass the bytes held is not copied: it is the
        // first one read and inserted as the rest are.
        while hasRecord, held.count < Session.heldRecords, heldBytes + reader.bytes.count <= Session.heldBytes {
            try Session.checkFields(of: reader, width: width, request)
            shape.check(reader.bytes, line: reader.line)
            let fields = (0..<width).map(reader.fieldRange)
            reader.bytes.withUnsafeBufferPointer { bytes in
                for column in 0..<width { shape.kinds[column].observe(csv: UnsafeBufferPointer(rebasing: bytes[fields[column]])) }
            }
            // A copy of the bytes alone: the reader's buffer keeps room for long records.
            held.append((reader.bytes.withUnsafeBufferPointer(Array.init), fields, reader.line))
            heldBytes += reader.bytes.count
            hasRecord = try reader.next()
        }
        shape.names = Session.importColumnNames(shape.names)
        progress.begin(.importing)
        let affinities = shape.kinds.map(\.affinity)
        return try inImportSavepoint { db -> (summary: String, shape: ImportShape)? in
            let target = try importTarget(request, shape, in: db)
            let insert = try ImportInsert(into: target.sql, columns: target.columns, connection: db.sqliteConnection)
            func step(line: Int) throws {
                try insert.step(path: request.path, line: line)
                if insert.records & 0xFFF == 0 { try checkImportGoesOn(progress, records: insert.records, interrupts: interrupts) }
            }
            for record in held {
                record.bytes.withUnsafeBufferPointer { bytes in
                    for column in 0..<width {
                        Session.bind(csv: record.fields[column], in: bytes, as: affinities[column],
                                     to: insert.statement, at: Int32(column + 1))
                    }
                }
                try step(line: record.line)
            }
            held = []
            while hasRecord {
                try Session.checkFields(of: reader, width: width, request)
                shape.check(reader.bytes, line: reader.line)
                let fits = reader.bytes.withUnsafeBufferPointer { bytes in
                    (0..<width).allSatisfy { column in
                        Session.bind(csv: reader.fieldRange(column), in: bytes, keeping: affinities[column],
                                     of: &shape.kinds[column], to: insert.statement, at: Int32(column + 1))
                    }
                }
                guard fits else { return nil }
                try step(line: reader.line)
                hasRecord = try reader.next()
            }
            shape.records = insert.records
            return (Session.importSummary(target, shape), shape)
        }
    }

    /// That the record has as many fields as the first.
    static func checkFields(of reader: CSVReader, width: Int, _ request: ImportRequest) throws {
        guard reader.fieldCount == width else {
            throw ImportError.at(request.path, line: reader.line,
                                 .fieldCount(reader.fieldCount, width: width, header: request.hasHeader))
        }
    }

    /// Binds a field as its column's type takes it; false, binding nothing,
    /// when the field would give the column another type over the whole file.
    private static func bind(csv range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                             keeping affinity: ColumnKind.Affinity, of kind: inout ColumnKind,
                             to statement: OpaquePointer, at index: Int32) -> Bool {
        let field = UnsafeBufferPointer(rebasing: bytes[range])
        switch affinity {
        case .integer, .real:
            if field.isEmpty {
                sqlite3_bind_null(statement, index)
            } else if affinity == .real, let real = ColumnKind.real(field) {
                sqlite3_bind_double(statement, index, real)
            } else if let integer = ColumnKind.integer(field) {
                // Beside fractions, an integer a REAL cannot hold makes the column TEXT.
                guard affinity == .integer || integer.magnitude <= 1 << 53 else { return false }
                if affinity == .integer {
                    sqlite3_bind_int64(statement, index, integer)
                } else {
                    sqlite3_bind_double(statement, index, Double(integer))
                }
            } else {
                return false
            }
        case .text:
            // A column with no value so far is TEXT until its first one.
            if kind.isUndecided, !field.isEmpty {
                kind.observe(csv: field)
                guard kind.affinity == .text else { return false }
            }
            bindText(range, in: bytes, to: statement, at: index)
        }
        return true
    }
}
