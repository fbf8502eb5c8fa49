/// A value the compiled SQL binds to a `?N` parameter.
public enum SQLValue: Sendable, Equatable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Only a parameter set with `.parameter set` holds one.
    case blob([UInt8])
    case null

    /// The value as an SQL literal, for showing the SQL.
    public var literal: String {
        switch self {
        case .integer(let value): return String(value)
        case .real(let value): return SQLText.realLiteral(value)
        case .text(let value): return SQLText.stringLiteral(value)
        case .blob(let bytes):
            let digits = Array("0123456789ABCDEF")
            return "X'" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }) + "'"
        case .null: return "NULL"
        }
    }
}

/// Spelling SQL: quoted names and literals.
public enum SQLText {
    /// `"name"`, with inner quotes doubled.
    public static func identifier(_ name: String) -> String {
        "\"" + name.replacingAll(UInt8(ascii: "\""), with: "\"\"") + "\""
    }

    /// `'text'`, with inner quotes doubled.
    public static func stringLiteral(_ text: String) -> String {
        "'" + text.replacingAll(UInt8(ascii: "'"), with: "''") + "'"
    }

    /// A number with a fraction or an exponent, so SQLite reads it as REAL;
    /// infinities in SQLite's own spelling (`9e999`, `-9e999`: too large for
    /// a double), a NaN as NULL (what SQLite stores for one).
    static func realLiteral(_ value: Double) -> String {
        if value.isNaN { return "NULL" }
        if value.isInfinite { return value < 0 ? "-9e999" : "9e999" }
        var text = "\(value)"
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        return text
    }

    /// The SQL with each `?N` outside quotes replaced by its value as a literal.
    static func inlining(_ values: [SQLValue], into sql: String) -> String {
        guard !values.isEmpty else { return sql }
        var result: [UInt8] = []
        let bytes = Array(sql.utf8)
        var index = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
                result.append(byte)
                index += 1
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
                result.append(byte)
                index += 1
            } else if byte == 0x3F {
                var end = index + 1
                var number = 0
                while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 {
                    number = number * 10 + Int(bytes[end] - 0x30)
                    end += 1
                }
                if number >= 1, number <= values.count {
                    result.append(contentsOf: values[number - 1].literal.utf8)
                    index = end
                } else {
                    result.append(byte)
                    index += 1
                }
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
