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
