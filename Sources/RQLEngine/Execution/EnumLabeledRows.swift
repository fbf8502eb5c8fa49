import RQLLanguage
import RQLRender

/// Rows whose enum columns read `2 (completing)` instead of `2`: what box
/// mode shows for columns a DSL `enum` describes.
struct EnumLabeledRows<Base: RowSource>: RowSource {
    /// Owns the label bytes the cells borrow.
    private final class Labels {
        /// Column → raw value → label bytes.
        var byColumn: [Int: [SQLValue: UnsafeMutableRawBufferPointer]] = [:]

        deinit {
            for labels in byColumn.values { for buffer in labels.values { buffer.deallocate() } }
        }
    }

    private var base: Base
    private let labels = Labels()

    init(_ base: Base, labels: [Int: [Definitions.EnumCase]]) {
        self.base = base
        for (column, cases) in labels {
            var byValue: [SQLValue: UnsafeMutableRawBufferPointer] = [:]
            for enumCase in cases {
                let raw: String
                switch enumCase.value {
                case .text(let text): raw = text
                case .null: raw = "NULL"
                default: raw = enumCase.value.literal
                }
                let bytes = Array("\(raw) (\(enumCase.name))".utf8)
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
                buffer.copyBytes(from: bytes)
                byValue[enumCase.value] = UnsafeMutableRawBufferPointer(rebasing: buffer[..<bytes.count])
            }
            self.labels.byColumn[column] = byValue
        }
    }

    var columnNames: [String] { base.columnNames }

    mutating func step() throws -> Bool { try base.step() }

    func cell(at index: Int) -> Cell {
        let cell = base.cell(at: index)
        guard let byValue = labels.byColumn[index] else { return cell }
        let value: SQLValue
        switch cell {
        case .integer(let number): value = .integer(number)
        case .real(let number): value = .real(number)
        case .text(let bytes): value = .text(String(decoding: bytes, as: UTF8.self))
        case .null: value = .null
        case .blob: return cell
        }
        guard let label = byValue[value] else { return cell }
        return .text(UnsafeRawBufferPointer(label))
    }
}
