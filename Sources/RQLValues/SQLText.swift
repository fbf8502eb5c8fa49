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
    public static func realLiteral(_ value: Double) -> String {
        if value.isNaN { return "NULL" }
        if value.isInfinite { return value < 0 ? "-9e999" : "9e999" }
        var text = "\(value)"
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        return text
    }
}
