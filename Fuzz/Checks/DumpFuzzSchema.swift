import RQLLanguage
import RQLValues

/// A random database as the statements that make it, drawn from fuzz
/// input: tables (rowid, WITHOUT ROWID, STRICT, AUTOINCREMENT, generated
/// columns, hostile defaults and comments), their rows (every type, edge
/// numbers, text with every control character, text that is not UTF-8,
/// rowid gaps), FTS5 tables (normal, contentless, external content), R*Trees,
/// indexes, views and triggers whose SQL ends in comments, and names made of
/// quotes, newlines, CR, ESC, `*/`, `--`, `.shell` lines and Unicode.
/// Statements that SQLite refuses are part of the draw: they fail and the
/// rest goes on.
struct DumpFuzzSchema {
    private var bytes: FuzzBytes
    private(set) var statements: [String] = []
    /// Ordinary tables made so far, with their columns, for FTS5 content tables.
    private var tables: [(name: String, columns: [String], hasRowid: Bool)] = []
    private var objects = 0

    init(_ input: [UInt8]) {
        bytes = FuzzBytes(input)
        for _ in 0..<(1 + bytes.below(5)) {
            switch bytes.below(10) {
            case 0...4: table()
            case 5: fts()
            case 6: rtree()
            case 7: index()
            case 8: view()
            default: trigger()
            }
        }
    }

    /// Pieces of names and text that have broken dumps or could.
    static let hostile = [
        "plain", "it's", "say \"hi\"", "two\nlines", "cr\r\nlf", "cr\rend\r", "\n.shell echo rql-dump-fuzz\n",
        "\n.system echo rql-dump-fuzz\n-- ", "-- dash", "/* open", "*/", "esc\u{1B}[31m", "bell\u{07}", "del\u{7F}",
        "c1\u{9B}x", "tab\tname", "Zoë 東京 🎉", "`back`", "[square]", "semi;colon", "", " ", "rowid", "\\n", "\\r",
        "\\u000a", "\\u001b", "END", "BEGIN", "nul\u{0}byte", "x_y", "CREATE", "\u{2028}",
    ]

    /// A name no object has yet: a hostile piece or input bytes, numbered.
    private mutating func name(_ prefix: String) -> String {
        objects += 1
        return piece() + prefix + "\(objects)"
    }

    private mutating func piece() -> String {
        bytes.flag() ? DumpFuzzSchema.hostile[bytes.below(DumpFuzzSchema.hostile.count)] : ""
    }

    /// Text for a comment, a default or a trigger: hostile pieces and input
    /// bytes, without NUL (which ends SQL text) or `excluded` (which would
    /// end the comment it goes in).
    private mutating func text(without excluded: Unicode.Scalar = "\0") -> String {
        var text = ""
        for _ in 0..<bytes.below(4) {
            text += bytes.flag() ? piece() : bytes.text(maxLength: 6)
        }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { $0 != "\0" && $0 != excluded })
        return String(kept)
    }

    /// Nothing, a `--` comment (with its line end unless last), or a `/* */` one.
    private mutating func comment(last: Bool = false) -> String {
        switch bytes.below(3) {
        case 1: return " -- " + text(without: "\n") + (last ? "" : "\n")
        case 2: return " /* " + text(without: "*") + " */"
        default: return ""
        }
    }

    private mutating func table() {
        let table = name("t")
        let strict = bytes.below(6) == 5
        let types = strict ? ["ANY", "INT", "INTEGER", "REAL", "TEXT", "BLOB"]
            : ["", "INTEGER", "TEXT", "BLOB", "REAL", "NUMERIC", "VARCHAR(9)", "INT"]
        let columns = (0..<(1 + bytes.below(4))).map { _ in name("c") }
        let key = bytes.below(5)  // 0, 1: none; 2: INTEGER PRIMARY KEY; 3: AUTOINCREMENT; 4: composite, maybe WITHOUT ROWID
        let withoutRowid = key == 4 && bytes.flag()
        var definitions: [String] = []
        for (index, column) in columns.enumerated() {
            var definition = SQLText.identifier(column)
            if index == 0 && (key == 2 || key == 3) {
                definition += " INTEGER PRIMARY KEY" + (key == 3 ? " AUTOINCREMENT" : "")
            } else {
                let type = types[bytes.below(types.count)]
                definition += type.isEmpty ? "" : " " + type
                if bytes.below(4) == 3 { definition += " DEFAULT " + SQLText.stringLiteral(text()) }
                if bytes.below(6) == 5 { definition += " COLLATE NOCASE" }
            }
            definitions.append(definition + comment())
        }
        if bytes.below(5) == 4, !strict {
            let generated = SQLText.identifier(name("g"))
            definitions.append("\(generated) AS (\(SQLText.identifier(columns[0])) || 'x')" + (bytes.flag() ? " STORED" : ""))
        }
        if key == 4 { definitions.append("PRIMARY KEY (" + columns.prefix(2).map(SQLText.identifier).joined(separator: ", ") + ")") }
        let options = [withoutRowid ? "WITHOUT ROWID" : nil, strict ? "STRICT" : nil].compactMap { $0 }.joined(separator: ", ")
        statements.append("CREATE TABLE \(SQLText.identifier(table)) (\n  " + definitions.joined(separator: ",\n  ") + "\n) "
                          + options + ";")
        tables.append((table, columns, !withoutRowid))
        rows(into: table, columns: columns, hasRowid: !withoutRowid, integerKey: key == 2 || key == 3)
    }

    /// Rows for a table; the first column takes integers when it is the rowid.
    private mutating func rows(into table: String, columns: [String], hasRowid: Bool, integerKey: Bool) {
        let quoted = SQLText.identifier(table)
        for _ in 0..<bytes.below(6) {
            let rowid = hasRowid && bytes.below(3) == 2
            let names = (rowid ? ["rowid"] : []) + columns.map(SQLText.identifier)
            let values = (rowid ? [integer()] : []) + columns.indices.map { $0 == 0 && integerKey ? integer() : value() }
            statements.append("INSERT INTO \(quoted) (\(names.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")));")
        }
        if hasRowid, bytes.below(4) == 3 {
            statements.append("DELETE FROM \(quoted) WHERE rowid = \(1 + bytes.below(4));")
        }
    }

    /// An integer, or NULL (a new rowid), as SQL.
    private mutating func integer() -> String {
        bytes.below(4) == 3 ? "NULL" : String(Int64(bitPattern: UInt64(bytes.byte()) &* 0x0101_0101_0101_0101) >> bytes.below(64))
    }

    /// A value as SQL: NULL, edge and random numbers, text (hostile, input
    /// bytes that need not be UTF-8, numbers as text), blobs.
    private mutating func value() -> String {
        switch bytes.below(12) {
        case 0: return "NULL"
        case 1:
            let integers = ["0", "1", "-1", "9223372036854775807", "-9223372036854775808", "9007199254740993", "4294967296"]
            return integers[bytes.below(integers.count)]
        case 2: return String(Int64(bitPattern: (0..<8).reduce(0) { value, _ in value << 8 | UInt64(bytes.byte()) }))
        case 3:
            let reals = ["0.1", "-0.0", "1e999", "-1e999", "5e-324", "2.2250738585072014e-308", "1.7976931348623157e308",
                         "123456789012345680.0", "0.30000000000000004", "1e-7", "-2.5", "100.0"]
            return reals[bytes.below(reals.count)]
        case 4:
            let real = Double(bitPattern: (0..<8).reduce(0) { value, _ in value << 8 | UInt64(bytes.byte()) })
            return real.isNaN ? "NULL" : real.isInfinite ? (real < 0 ? "-1e999" : "1e999") : "\(real)"
        case 5, 6, 7: return DumpFuzzSchema.hexText(Array(text().utf8))
        case 8: return DumpFuzzSchema.hexText((0..<bytes.below(10)).map { _ in bytes.byte() })
        case 9: return "X'" + DumpFuzzSchema.hex((0..<bytes.below(10)).map { _ in bytes.byte() }) + "'"
        case 10:
            let numeric = ["'12'", "' 7 '", "'1e3'", "'0x10'", "'-0'", "'1.50'"]
            return numeric[bytes.below(numeric.count)]
        default: return "''"
        }
    }

    private mutating func fts() {
        let quoted = SQLText.identifier(name("f"))
        var arguments: [String]
        let columns: [String]
        let mode = bytes.below(3)  // 0: normal, 1: contentless, 2: external content, when a table can be its content
        let content = mode == 2 ? tables.filter(\.hasRowid).last : nil
        if let content {
            columns = Array(content.columns.prefix(1 + bytes.below(content.columns.count)))
            arguments = columns.map(SQLText.identifier) + ["content=" + SQLText.identifier(content.name)]
        } else {
            columns = (0..<(1 + bytes.below(3))).map { _ in name("c") }
            arguments = columns.enumerated().map { index, column in
                SQLText.identifier(column) + (index > 0 && bytes.below(4) == 3 ? " UNINDEXED" : "")
            }
            if mode == 1 { arguments.append("content=''") }
        }
        let tokenizers = ["", "tokenize='trigram'", "tokenize='porter ascii'", "tokenize='unicode61 remove_diacritics 2'"]
        let tokenizer = tokenizers[bytes.below(tokenizers.count)]
        if !tokenizer.isEmpty { arguments.append(tokenizer) }
        if bytes.below(4) == 3 { arguments.append(["detail=none", "detail=column", "prefix='2 3'", "columnsize=0"][bytes.below(4)]) }
        statements.append("CREATE VIRTUAL TABLE \(quoted) USING fts5(\(arguments.joined(separator: ", ")));")
        if content != nil {
            statements.append("INSERT INTO \(quoted) (\(quoted)) VALUES ('rebuild');")
            return
        }
        let words = ["take", "walk", "hello", "world", "Zoë", "東京", "out", "trash"]
        for _ in 0..<bytes.below(5) {
            let values = columns.map { _ in
                bytes.flag() ? value() : SQLText.stringLiteral((0..<(1 + bytes.below(4))).map { _ in words[bytes.below(words.count)] }
                    .joined(separator: " "))
            }
            statements.append("INSERT INTO \(quoted) (rowid, \(columns.map(SQLText.identifier).joined(separator: ", "))) "
                              + "VALUES (\(1 + bytes.below(40)), \(values.joined(separator: ", ")));")
        }
        if mode == 0, bytes.below(4) == 3 {
            statements.append("DELETE FROM \(quoted) WHERE rowid = \(1 + bytes.below(40));")
        }
    }

    private mutating func rtree() {
        let quoted = SQLText.identifier(name("r"))
        let integers = bytes.flag()
        let dimensions = 1 + bytes.below(2)
        let auxiliary = bytes.below(3)
        let columns = ["id"] + (0..<(2 * dimensions)).map { _ in name("x") }
        let aux = (0..<auxiliary).map { _ in "+" + SQLText.identifier(name("a")) }
        statements.append("CREATE VIRTUAL TABLE \(quoted) USING rtree\(integers ? "_i32" : "")("
                          + (columns.map(SQLText.identifier) + aux).joined(separator: ", ") + ");")
        for _ in 0..<bytes.below(6) {
            var values = [String(bytes.below(50))]
            for _ in 0..<dimensions {
                let a = Double(Int(bytes.byte()) - 128) / (integers ? 1 : 8)
                let b = a + Double(bytes.byte()) / (integers ? 1 : 4)
                values += ["\(a)", "\(b)"]
            }
            values += (0..<auxiliary).map { _ in value() }
            statements.append("INSERT INTO \(quoted) VALUES (\(values.joined(separator: ", ")));")
        }
    }

    private mutating func index() {
        guard let table = tables.last else { return }
        let column = table.columns[bytes.below(table.columns.count)]
        var sql = "CREATE " + (bytes.below(4) == 3 ? "UNIQUE " : "") + "INDEX \(SQLText.identifier(name("i"))) ON "
            + "\(SQLText.identifier(table.name)) (\(SQLText.identifier(column))\(bytes.flag() ? " DESC" : ""))"
        if bytes.flag() { sql += " WHERE \(SQLText.identifier(column)) IS NOT NULL" }
        statements.append(sql + comment(last: true) + "\n;")
    }

    private mutating func view() {
        guard let table = tables.last else { return }
        let condition = bytes.flag() ? " WHERE \(SQLText.identifier(table.columns[0])) IS NOT NULL" : ""
        statements.append("CREATE VIEW \(SQLText.identifier(name("v"))) AS SELECT * FROM \(SQLText.identifier(table.name))"
                          + condition + comment(last: true) + "\n;")
    }

    private mutating func trigger() {
        guard let table = tables.last else { return }
        statements.append("CREATE TRIGGER \(SQLText.identifier(name("tr"))) AFTER INSERT ON \(SQLText.identifier(table.name)) "
                          + "BEGIN SELECT \(SQLText.stringLiteral(text()));\(comment()) END" + comment(last: true) + "\n;")
    }

    static func hexText(_ bytes: [UInt8]) -> String {
        "CAST(X'" + hex(bytes) + "' AS TEXT)"
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
