import RQLLanguage
import RQLValues

/// `-- @param NAME = VALUE`: a value the notebook's commands read as
/// `:NAME`, with its default, which `-p NAME=VALUE` on the command line
/// overrides (papermill's idea, for a notebook that takes a date or an id).
public struct NotebookParameter: Sendable, Equatable {
    /// Without its `:`.
    public var name: String
    /// An SQL literal: `'Family'`, `42`, `-1.5`, `NULL`, `x'00ff'`.
    public var value: String

    static let usage = "@param takes a name, =, and an SQL literal ('text', a number, NULL, x'hex')"

    static func parse(_ text: String, line: Int, path: String) throws(NotebookError) -> NotebookParameter {
        func failure(_ problem: NotebookProblem) -> NotebookError {
            NotebookError(path: path, line: line, problem)
        }
        guard let equal = text.firstIndex(of: "=") else { throw failure(.parameterUsage) }
        let name = text[..<equal].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equal)...].trimmingCharacters(in: .whitespaces)
        guard isName(name) else { throw failure(.badParameterName(name)) }
        guard isLiteral(value) else { throw failure(.notALiteral(name: name, value: value)) }
        return NotebookParameter(name: name, value: value)
    }

    public static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// A string, a number with its sign, NULL, TRUE, FALSE or a blob literal.
    static func isLiteral(_ text: String) -> Bool {
        let tokens = SQLTokenizer.tokens(text)
        switch tokens.count {
        case 1:
            let token = tokens[0]
            return token.kind == .string || token.kind == .number
                || (token.kind == .word && ["null", "true", "false"].contains(token.text.lowercased()))
        case 2:
            let (first, second) = (tokens[0], tokens[1])
            if first.kind == .punctuation, first.text == "-" || first.text == "+" { return second.kind == .number }
            return first.kind == .word && first.text.lowercased() == "x" && second.kind == .string
                && second.text.count.isMultiple(of: 2) && second.text.allSatisfy(\.isHexDigit)
        default:
            return false
        }
    }

    /// A value given on the command line (`-p list=Business`): a number
    /// when it reads as one, else text.
    public static func literal(commandLine value: String) -> String {
        if Int64(value) != nil { return value }
        if let number = Double(value), number.isFinite, value.allSatisfy({ "0123456789.eE+-".contains($0) }) { return value }
        return SQLText.stringLiteral(value)
    }
}
