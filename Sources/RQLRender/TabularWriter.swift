/// Box, table and markdown output: aligned columns, numbers to the right,
/// multi-line values spanning lines of their cell, a head-and-tail view with a
/// footer when `.maxrows` cuts rows, and cells cut with `…` to fit the
/// terminal, or wrapped over several lines of their cell with `--wrap`.
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
        let format = CellStore.Format(nullText: settings.effectiveNullText, escapesMarkdownCells: settings.mode == .markdown)
        var collector = RowCollector(columnCount: names.count, maxRows: settings.maxRows, format: format)
        while try source.step() { collector.add(source) }

        var header = CellStore()
        let headerWidths = names.map { header.append(text: $0, format: format) }
        let tail = collector.tailRows
        let layout = fittedLayout(headerWidths: headerWidths, collector: collector, tail: tail,
                                  isKey: { source.isKey(column: $0) })
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
            let footer = TableNote.rowsShown(total: collector.total, shown: collector.shownCount)
            style.write(footer, as: .footer, to: output)
            output.write(byte: 0x0A)
        }
        if layout.hiddenCount > 0 {
            style.write(TableNote.hiddenColumns(layout.hiddenCount), as: .note, to: output)
            output.write(byte: 0x0A)
        } else if layout.doesNotFit {
            style.write("(too wide for the terminal: try .mode line)", as: .note, to: output)
            output.write(byte: 0x0A)
        }
        return RenderSummary(rowCount: collector.total, shownRowCount: collector.shownCount)
    }

    // MARK: - Layout

    private struct Layout {
        var widths: [Int]
        var rightAligned: [Bool?]
        /// The columns drawn, in order; nil where the marker of hidden columns goes.
        var shown: [Int?]
        var hiddenCount = 0
        var doesNotFit = false
    }

    /// What the layout knows of a column besides its natural width.
    private struct ColumnNeed {
        /// The width below which the column would cut what is never cut:
        /// numbers, NULL, keys, and columns `.width` sets.
        var floor: Int
        /// Whether it can be narrowed at all (it holds text that is not a key).
        var shrinks: Bool
    }

    private static let shortText = 10

    private func fittedLayout(headerWidths: [Int], collector: RowCollector, tail: [CellStore],
                              isKey: (Int) -> Bool) -> Layout {
        let columnCount = collector.columnCount
        var widths = headerWidths
        if !settings.showsHeaders && settings.mode != .markdown { widths = Array(repeating: 1, count: columnCount) }
        var fixedWidths = collector.headFixedWidths
        var hasText = collector.headHasText
        for column in 0..<columnCount { widths[column] = max(widths[column], collector.headWidths[column]) }
        for row in tail {
            row.forEachRow(columnCount: columnCount) { cells in
                for (column, cell) in cells.enumerated() {
                    widths[column] = max(widths[column], cell.width)
                    if cell.flags.contains(.rightAligned) || cell.flags.contains(.null) {
                        fixedWidths[column] = max(fixedWidths[column], cell.width)
                    } else {
                        hasText[column] = true
                    }
                }
            }
        }
        // `--wrap N`: text wider than N wraps; numbers and NULL keep their width.
        if settings.wrapWidth > 0 {
            for column in 0..<columnCount where hasText[column] || headerWidths[column] > settings.wrapWidth {
                widths[column] = min(widths[column], max(settings.wrapWidth, fixedWidths[column]))
            }
        }
        var rightAligned = [Bool?](repeating: nil, count: columnCount)
        var isSet = [Bool](repeating: false, count: columnCount)
        for (column, fixed) in settings.widths.prefix(columnCount).enumerated() where fixed != 0 {
            widths[column] = Int(min(fixed.magnitude, UInt(RenderSettings.maximumColumnWidth)))
            rightAligned[column] = fixed < 0 ? true : nil
            isSet[column] = true
        }
        var layout = Layout(widths: widths, rightAligned: rightAligned, shown: Array(0..<columnCount))
        guard let limit = settings.maxLineWidth, TabularWriter.lineWidth(layout) > limit,
              !goesThroughPager(rowCount: collector.shownCount) else { return layout }
        let needs = (0..<columnCount).map { column in
            let shrinks = hasText[column] && !isSet[column] && !isKey(column)
            let floor = shrinks ? max(fixedWidths[column], min(widths[column], TabularWriter.shortText)) : widths[column]
            return ColumnNeed(floor: floor, shrinks: shrinks)
        }
        fit(&layout, needs: needs, into: limit)
        return layout
    }

    /// Whether the table will be taller than `settings.pagerHeight`.
    private func goesThroughPager(rowCount: Int) -> Bool {
        guard let height = settings.pagerHeight else { return false }
        let frameLines = (frame.top == nil ? 0 : 2) + (settings.showsHeaders || settings.mode == .markdown ? 2 : 0)
        return rowCount + frameLines > height
    }

    /// The columns a line of `layout` takes: its cells, a space either side
    /// of each, and the rules between them.
    private static func lineWidth(_ layout: Layout) -> Int {
        layout.shown.reduce(1) { $0 + ($1.map { layout.widths[$0] } ?? 1) + 3 }
    }

    /// Makes a line fit in `limit` columns: text columns wider than
    /// `shortText` give up their width in proportion to what they have above
    /// it; when even that is too wide, columns from the middle are hidden
    /// behind a `…` column, keeping as many as fit from either end. Only a
    /// single column wider than the terminal is cut below its floor.
    private func fit(_ layout: inout Layout, needs: [ColumnNeed], into limit: Int) {
        let columnCount = needs.count
        func cost(_ column: Int) -> Int { needs[column].floor + 3 }
        if needs.reduce(1, { $0 + $1.floor + 3 }) > limit, columnCount > 1 {
            var left: [Int] = []
            var right: [Int] = []
            var used = 1 + 4  // the left rule and the marker column
            var next = (low: 0, high: columnCount - 1)
            while next.low <= next.high {
                let takesLeft = left.count <= right.count
                let column = takesLeft ? next.low : next.high
                guard used + cost(column) <= limit || (left.isEmpty && right.isEmpty) else { break }
                used += cost(column)
                if takesLeft { left.append(column); next.low += 1 } else { right.insert(column, at: 0); next.high -= 1 }
            }
            layout.hiddenCount = columnCount - left.count - right.count
            layout.shown = left.map(Optional.some) + [nil] + right.map(Optional.some)
        }
        let shown = layout.shown.compactMap { $0 }
        let budget = limit - (TabularWriter.lineWidth(layout) - shown.reduce(0) { $0 + layout.widths[$1] })
        let floors = shown.reduce(0) { $0 + needs[$1].floor }
        guard floors <= budget else {
            for column in shown { layout.widths[column] = needs[column].floor }
            cutWidest(&layout, columns: shown, into: budget)
            return
        }
        // Text columns no wider than an even share of the room keep their
        // width (while the others' floors still fit); the others give up
        // width in proportion to what they have above their floors.
        var open = shown.filter { needs[$0].shrinks && layout.widths[$0] > needs[$0].floor }
        let opened = Set(open)
        var room = budget - shown.reduce(0) { opened.contains($1) ? $0 : $0 + layout.widths[$1] }
        func floorSum(_ columns: [Int]) -> Int { columns.reduce(0) { $0 + needs[$1].floor } }
        while !open.isEmpty {
            let share = room / open.count
            let short = open.filter { layout.widths[$0] <= share }
            let rest = open.filter { layout.widths[$0] > share }
            let kept = short.reduce(0) { $0 + layout.widths[$1] }
            guard !short.isEmpty, room - kept >= floorSum(rest) else { break }
            room -= kept
            open = rest
        }
        let excess = open.reduce(0) { $0 + layout.widths[$1] - needs[$1].floor }
        let spare = room - floorSum(open)
        guard excess > spare else { return }
        var given = 0
        for column in open {
            let share = (layout.widths[column] - needs[column].floor) * spare / excess
            layout.widths[column] = needs[column].floor + share
            given += share
        }
        // What rounding left goes a column at a time, widest first.
        for column in open.sorted(by: { layout.widths[$0] > layout.widths[$1] }) where given < spare {
            layout.widths[column] += 1
            given += 1
        }
    }

    /// The last resort, which the footer owns up to: narrows the widest of
    /// `columns` until their widths add up to `budget`, down to 3 each.
    private func cutWidest(_ layout: inout Layout, columns: [Int], into budget: Int) {
        func total(_ cap: Int) -> Int { columns.reduce(0) { $0 + min(layout.widths[$1], cap) } }
        let minimum = 3
        var low = minimum
        var high = columns.map { layout.widths[$0] }.max() ?? minimum
        while low < high {
            let cap = (low + high + 1) / 2
            if total(cap) <= budget { low = cap } else { high = cap - 1 }
        }
        for column in columns { layout.widths[column] = min(layout.widths[column], low) }
        layout.doesNotFit = true
    }

    // MARK: - Drawing

    private func writeRule(_ corners: (String, String, String), _ layout: Layout) {
        output.write(corners.0)
        for (index, slot) in layout.shown.enumerated() {
            if index > 0 { output.write(corners.1) }
            for _ in 0..<((slot.map { layout.widths[$0] } ?? 1) + 2) { output.write(frame.horizontal) }
        }
        output.write(corners.2)
        output.write(byte: 0x0A)
    }

    private func writeGap(_ layout: Layout) {
        output.write(vertical)
        for slot in layout.shown {
            let width = slot.map { layout.widths[$0] } ?? 1
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
        if settings.wrapWidth > 0,
           layout.shown.contains(where: { column in column.map { cells[$0].width > layout.widths[$0] } ?? false }) {
            return writeSplitRow(cells, layout, isHeader: isHeader)
        }
        output.write(vertical)
        for slot in layout.shown {
            guard let column = slot else {
                writeMarker()
                continue
            }
            let cell = cells[column]
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
        let wraps = settings.wrapWidth > 0
        let split: [[UnsafeRawBufferPointer]] = cells.enumerated().map { column, cell in
            let lines = cell.flags.contains(.simple) || cell.flags.contains(.measured) ? [cell.bytes] : CellStore.lines(cell.bytes)
            guard wraps, cell.width > layout.widths[column] else { return lines }
            return lines.flatMap { line in
                DisplayWidth.of(line: line) > layout.widths[column] ? CellWrap.lines(line, width: layout.widths[column]) : [line]
            }
        }
        let height = layout.shown.lazy.compactMap { $0.map { split[$0].count } }.max() ?? 1
        for line in 0..<height {
            output.write(vertical)
            for slot in layout.shown {
                guard let column = slot else {
                    if line == 0 { writeMarker() } else { output.write("   "); output.write(vertical) }
                    continue
                }
                let cell = cells[column]
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

    /// The cell of the column that stands for hidden columns.
    private func writeMarker() {
        output.write(" … ")
        output.write(vertical)
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
