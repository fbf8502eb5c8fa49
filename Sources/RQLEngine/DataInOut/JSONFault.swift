/// What is wrong with JSON that `.import` reads.
public enum JSONFault: Equatable, Sendable {
    case afterArray
    case endsInsideArray
    case endsInsideRecord
    case expectedAfterRecord
    /// A record that is not an object, inside an array of records or not.
    case notAnObject(inArray: Bool)
    case expectedKey
    /// No `:` after a key, the key when it is known.
    case expectedColon(afterKey: String?)
    /// No `,` after a value, nor the `}` or `]` that would close it.
    case expectedAfterValue(closing: String)
    case expectedValue
    /// A word that is not `true`, `false` or `null`.
    case expectedLiteral
    case malformedNumber
    case unclosedString
    case controlCharacter
    case halfCharacter
    case unknownEscape(Character)
    case shortUnicodeEscape
    case nestedTooDeeply(levels: Int)
}
