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
        for name in names { header.append(text: name, format: format) }
        let tail = collector.tailRows
        let layout = fittedLayout(header: header, collector: collector, tail: tail)
        let showsHeaders = settings.showsHeaders || settings.mode == .markdown

        if let top = frame.top { writeRule(top, layout) }
        if showsHeaders {
            writeRow(header, first: 0, layout, isHeader: true)
            writeRule(frame.rule, layout)
        }
        for row in 0..<collector.headRowCount {
            writeRow(collector.head, first: row * names.count, layout, isHeader: false)
        }
        let cut = collector.total > collector.shownCount
        if cut { writeGap(layout) }
        for row in tail { writeRow(row, first: 0, layout, isHeader: false) }
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

    private func fittedLayout(header: CellStore, collector: RowCollector, tail: [CellStore]) -> Layout {
        let columnCount = collector.columnCount
        var widths = (0..<columnCount).map { header.width(at: $0) }
        if !settings.showsHeaders && settings.mode != .markdown { widths = Array(repeating: 1, count: columnCount) }
        for index in 0..<collector.head.count {
            let column = index % columnCount
            widths[column] = max(widths[column], collector.head.width(at: index))
        }
        for row in tail {
            for column in 0..<columnCount { widths[column] = max(widths[column], row.width(at: column)) }
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

    /// Writes the row whose cells start at `first` in `store`.
    private func writeRow(_ store: CellStore, first: Int, _ layout: Layout, isHeader: Bool) {
        let columns = layout.widths.count
        guard (first..<(first + columns)).allSatisfy({ store.flags(at: $0).contains(.simple) }) else {
            return writeSplitRow(store, first: first, layout, isHeader: isHeader)
        }
        output.write(vertical)
        for column in 0..<columns {
            let index = first + column
            let flags = store.flags(at: index)
            output.write(byte: 0x20)
            writeSimple(store.bytes[store.range(at: index)], width: layout.widths[column],
                        alignRight: layout.rightAligned[column] ?? (!isHeader && flags.contains(.rightAligned)),
                        isNull: flags.contains(.null))
            output.write(byte: 0x20)
            output.write(vertical)
        }
        output.write(byte: 0x0A)
    }

    /// A row with a multi-line or non-ASCII cell: each such cell is split
    /// once for all the lines of the row.
    private func writeSplitRow(_ store: CellStore, first: Int, _ layout: Layout, isHeader: Bool) {
        let columns = layout.widths.count
        let split: [[Substring]?] = (0..<columns).map { column in
            store.flags(at: first + column).contains(.simple) ? nil : store.lines(at: first + column)
        }
        let height = split.map { $0?.count ?? 1 }.max() ?? 1
        for line in 0..<height {
            output.write(vertical)
            for column in 0..<columns {
                output.write(byte: 0x20)
                let index = first + column
                let flags = store.flags(at: index)
                let alignRight = layout.rightAligned[column] ?? (!isHeader && flags.contains(.rightAligned))
                if let lines = split[column] {
                    let text = line < lines.count ? String(lines[line]) : ""
                    writeText(text, width: layout.widths[column], alignRight: alignRight, isNull: flags.contains(.null))
                } else if line == 0 {
                    writeSimple(store.bytes[store.range(at: index)], width: layout.widths[column],
                                alignRight: alignRight, isNull: flags.contains(.null))
                } else {
                    output.write(repeating: 0x20, count: layout.widths[column])
                }
                output.write(byte: 0x20)
                output.write(vertical)
            }
            output.write(byte: 0x0A)
        }
    }

    /// Printable ASCII: one byte, one column.
    private func writeSimple(_ bytes: ArraySlice<UInt8>, width: Int, alignRight: Bool, isNull: Bool) {
        guard bytes.count <= width else {
            writeStyled(bytes.prefix(max(width - 1, 0)), isNull: isNull)
            return output.write("…")
        }
        let padding = width - bytes.count
        if alignRight { output.write(repeating: 0x20, count: padding) }
        writeStyled(bytes, isNull: isNull)
        if !alignRight { output.write(repeating: 0x20, count: padding) }
    }

    private func writeText(_ line: String, width: Int, alignRight: Bool, isNull: Bool) {
        let text = DisplayWidth.truncate(line, to: width)
        let padding = width - DisplayWidth.of(text)
        if alignRight { output.write(repeating: 0x20, count: padding) }
        writeStyled(Array(text.utf8)[...], isNull: isNull)
        if !alignRight { output.write(repeating: 0x20, count: padding) }
    }

    private func writeStyled(_ bytes: ArraySlice<UInt8>, isNull: Bool) {
        if isNull && style.isEnabled {
            style.write(String(decoding: bytes, as: UTF8.self), as: .null, to: output)
        } else {
            output.write(bytes)
        }
    }
}
