import RQLLanguage
import RQLRender
import RQLValues

/// Rows whose enum columns read `2 (completing)` instead of `2`: what box
/// mode shows for columns a DSL `enum` describes. Cells are matched against
/// the few cases without allocating.
struct EnumLabeledRows<Base: RowSource>: RowSource {
    /// One case of a column's enum and the label that replaces it.
    private struct Label {
        var value: SQLValue
        /// The value's UTF-8 bytes, for text cases.
        var textBytes: [UInt8]
        var label: UnsafeMutableRawBufferPointer
    }

    /// Owns the label bytes the cells borrow.
    private final class Labels {
        var byColumn: [Int: [Label]] = [:]

        deinit {
            for labels in byColumn.values { for label in labels { label.label.deallocate() } }
        }
    }

    private var base: Base
    private let labels = Labels()

    init(_ base: Base, labels: [Int: [Definitions.EnumCase]]) {
        self.base = base
        for (column, cases) in labels {
            self.labels.byColumn[column] = cases.map { enumCase in
                let raw: String
                switch enumCase.value {
                case .text(let text): raw = text
                default: raw = enumCase.value.literal
                }
                let bytes = Array("\(raw) (\(enumCase.name))".utf8)
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
                buffer.copyBytes(from: bytes)
                let textBytes: [UInt8]
                if case .text(let text) = enumCase.value { textBytes = Array(text.utf8) } else { textBytes = [] }
                return Label(value: enumCase.value, textBytes: textBytes, label: buffer)
            }
        }
    }

    var columnNames: [String] { base.columnNames }

    mutating func step() throws -> Bool { try base.step() }

    func isKey(column index: Int) -> Bool { base.isKey(column: index) }

    func value(at index: Int) -> BorrowedValue {
        let cell = base.value(at: index)
        guard let cases = labels.byColumn[index] else { return cell }
        let match = cases.first { label in
            switch (cell, label.value) {
            case (.integer(let number), .integer(let value)): return number == value
            case (.real(let number), .real(let value)): return number == value
            case (.text(let bytes), .text): return bytes.elementsEqual(label.textBytes)
            case (.null, .null): return true
            default: return false
            }
        }
        return match.map { .text(UnsafeRawBufferPointer($0.label)) } ?? cell
    }
}
