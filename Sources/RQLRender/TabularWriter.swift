/// Box, table and markdown output: aligned columns, numbers to the right,
/// multi-line values spanning lines of their cell, a head-and-tail view with a
/// footer when `.maxrows` cuts rows, and cells cut with `…` to fit the
/// terminal.
struct TabularWriter {
    let output: ByteOutput
    let settings: RenderSettings
    let style: TerminalStyle
    private let frame: Frame
    /// `frame.vertical` as bytes, written around every cell.
    private let vertical: [UInt8]

    init(output: ByteOutput, settings: RenderSettings, style: TerminalStyle) {
        self.output = output
        self.settings = settings
        self.style = style
        switch settings.mode {
        case .table: frame = .table
        case .markdown: frame = .markdown
        default: frame = .box
        }
        vertical = Array(frame.vertical.utf8)
    }

    /// The characters a frame is drawn with.
    private struct Frame {
        let top: (String, String, String)?
        let rule: (String, String, String)
        let bottom: (String, String, String)?
        let horizontal: String
        let vertical: String

        static let box = Frame(top: ("┌", "┬", "┐"), rule: ("├", "┼", "┤"), bottom: ("└", "┴", "┘"),
                               horizontal: "─", vertical: "│")
        static let table = Frame(top: ("+", "+", "+"), rule: ("+", "+", "+"), bottom: ("+", "+", "+"),
                                 horizontal: "-", vertical: "|")
        static let markdown = Frame(top: nil, rule: ("|", "|", "|"), bottom: nil, horizontal: "-", vertical: "|")
    }

    func render<Source: RowSource>(_ source: inout Source) throws -> RenderSummary {
        let names = source.columnNames
        let format = CellStore.Format(nullText: settings.effectiveNullText, escapesPipes: settings.mode == .markdown)
        var collector = RowCollector(columnCount: names.count, maxRows: settings.maxRows, format: format)
        while try source.step() { collector.add(source) }

        var header = CellStore()
        let headerWidths = names.map { header.append(text: $0, format: format) }
        let tail = collector.tailRows
        let layout = fittedLayout(headerWidths: headerWidths, collector: collector, tail: tail)
        let showsHeaders = settings.showsHeaders || settings.mode == .markdown
        let columnCount = names.count

        if let top = frame.top { writeRule(top, layout) }
        if showsHeaders {
            header.forEachRow(columnCount: columnCount) { writeRow($0, layout, isHeader: true) }
            writeRule(frame.rule, layout)
        }
        collector.head.forEachRow(columnCount: columnCount) { writeRow($0, layout, isHeader: false) }
        let cut = collector.total > collector.shownCount
        if cut { writeGap(layout) }
        for row in tail { row.forEachRow(columnCount: columnCount) { writeRow($0, layout, isHeader: false) } }
        if let bottom = frame.bottom { writeRule(bottom, layout) }
        if cut {
            let footer = "… \(CellText.grouped(collector.total)) rows, \(CellText.grouped(collector.shownCount)) shown"
            style.write(footer, as: .footer, to: output)
            output.write(byte: 0x0A)
        }
        if layout.doesNotFit {
            style.write("(too wide for the terminal: try .mode line)", as: .note, to: output)
            output.write(byte: 0x0A)
        }
        return RenderSummary(rowCount: collector.total, shownRowCount: collector.shownCount)
    }

    // MARK: - Layout

    private struct Layout {
        var widths: [Int]
        var rightAligned: [Bool?]
        var doesNotFit = false
    }

    private func fittedLayout(headerWidths: [Int], collector: RowCollector, tail: [CellStore]) -> Layout {
        let columnCount = collector.columnCount
        var widths = headerWidths
        if !settings.showsHeaders && settings.mode != .markdown { widths = Array(repeating: 1, count: columnCount) }
        for column in 0..<columnCount { widths[column] = max(widths[column], collector.headWidths[column]) }
        for row in tail {
            row.forEachRow(columnCount: columnCount) { cells in
                for (column, cell) in cells.enumerated() { widths[column] = max(widths[column], cell.width) }
            }
        }
        var rightAligned = [Bool?](repeating: nil, count: columnCount)
        for (column, fixed) in settings.widths.prefix(columnCount).enumerated() where fixed != 0 {
            widths[column] = Int(min(fixed.magnitude, UInt(RenderSettings.maximumColumnWidth)))
            rightAligned[column] = fixed < 0 ? true : nil
        }
        var layout = Layout(widths: widths, rightAligned: rightAligned)
        if let limit = settings.maxLineWidth { fit(&layout, into: limit) }
        return layout
    }

    /// Narrows the widest columns until a line fits in `limit` columns.
    private func fit(_ layout: inout Layout, into limit: Int) {
        let overhead = 3 * layout.widths.count + 1
        func total(_ cap: Int) -> Int { layout.widths.reduce(overhead) { $0 + min($1, cap) } }
        guard total(.max) > limit else { return }
        let minimum = 3
        var low = minimum
        var high = layout.widths.max() ?? minimum
        while low < high {
            let cap = (low + high + 1) / 2
            if total(cap) <= limit { low = cap } else { high = cap - 1 }
        }
        layout.widths = layout.widths.map { min($0, low) }
        layout.doesNotFit = total(low) > limit
    }

    // MARK: - Drawing

    private func writeRule(_ corners: (String, String, String), _ layout: Layout) {
        output.write(corners.0)
        for (column, width) in layout.widths.enumerated() {
            if column > 0 { output.write(corners.1) }
            for _ in 0..<(width + 2) { output.write(frame.horizontal) }
        }
        output.write(corners.2)
        output.write(byte: 0x0A)
    }

    private func writeGap(_ layout: Layout) {
        output.write(vertical)
        for width in layout.widths {
            output.write(" …")
            output.write(repeating: 0x20, count: width)
            output.write(vertical)
        }
        output.write(byte: 0x0A)
    }

    /// Writes one row of held cells.
    private func writeRow(_ cells: [CellStore.Stored], _ layout: Layout, isHeader: Bool) {
        guard cells.allSatisfy({ $0.flags.contains(.simple) || ($0.flags.contains(.measured)) }) else {
            return writeSplitRow(cells, layout, isHeader: isHeader)
        }
        output.write(vertical)
        for (column, cell) in cells.enumerated() {
            output.write(byte: 0x20)
            writeLine(cell.bytes, lineWidth: cell.width, width: layout.widths[column],
                      alignRight: layout.rightAligned[column] ?? (!isHeader && cell.flags.contains(.rightAligned)),
                      isNull: cell.flags.contains(.null))
            output.write(byte: 0x20)
            output.write(vertical)
        }
        output.write(byte: 0x0A)
    }

    /// A row with a multi-line cell: each such cell is split once for all
    /// the lines of the row.
    private func writeSplitRow(_ cells: [CellStore.Stored], _ layout: Layout, isHeader: Bool) {
        let split: [[UnsafeRawBufferPointer]] = cells.map { cell in
            cell.flags.contains(.simple) || cell.flags.contains(.measured) ? [cell.bytes] : CellStore.lines(cell.bytes)
        }
        let height = split.map(\.count).max() ?? 1
        for line in 0..<height {
            output.write(vertical)
            for (column, cell) in cells.enumerated() {
                output.write(byte: 0x20)
                let width = layout.widths[column]
                if line < split[column].count {
                    let bytes = split[column][line]
                    let isWhole = split[column].count == 1
                    writeLine(bytes, lineWidth: isWhole ? cell.width : DisplayWidth.of(line: bytes), width: width,
                              alignRight: layout.rightAligned[column] ?? (!isHeader && cell.flags.contains(.rightAligned)),
                              isNull: cell.flags.contains(.null))
                } else {
                    output.write(repeating: 0x20, count: width)
                }
                output.write(byte: 0x20)
                output.write(vertical)
            }
            output.write(byte: 0x0A)
        }
    }

    /// One line of a cell, `lineWidth` columns of display text, padded to
    /// `width` or cut with `…`.
    private func writeLine(_ bytes: UnsafeRawBufferPointer, lineWidth: Int, width: Int, alignRight: Bool, isNull: Bool) {
        guard lineWidth <= width else {
            guard width > 0 else { return }
            let kept = DisplayWidth.cut(line: bytes, to: width) ?? (bytes.count, lineWidth)
            let padding = width - kept.width - 1  // a wide character that did not fit
            if alignRight { output.write(repeating: 0x20, count: padding) }
            writeStyled(UnsafeRawBufferPointer(rebasing: bytes[..<kept.byteCount]), isNull: isNull)
            output.write("…")
            if !alignRight { output.write(repeating: 0x20, count: padding) }
            return
        }
        let padding = width - lineWidth
        if alignRight { output.write(repeating: 0x20, count: padding) }
        writeStyled(bytes, isNull: isNull)
        if !alignRight { output.write(repeating: 0x20, count: padding) }
    }

    private func writeStyled(_ bytes: UnsafeRawBufferPointer, isNull: Bool) {
        if isNull && style.isEnabled {
            style.write(String(decoding: bytes, as: UTF8.self), as: .null, to: output)
        } else {
            output.write(bytes)
        }
    }
}
