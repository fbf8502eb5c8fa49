/// The Markdown a notebook's prose uses, as HTML: headings, paragraphs,
/// lists, tables (`| a | b |` over a `| --- | ---: |` line), `code`,
/// **strong**, *emphasis* and [links](https://…). Anything else shows as
/// the text it is; all of it is escaped.
enum Prose {
    /// Block-level conversion; `heading(level, text)` gives each heading's anchor.
    static func html(_ lines: [String], heading: (Int, String) -> String) -> String {
        var html = ""
        var paragraph: [String] = []
        var list: (ordered: Bool, items: [String])?
        func endParagraph() {
            if !paragraph.isEmpty { html += "<p>" + inline(paragraph.joined(separator: "\n")) + "</p>\n" }
            paragraph = []
        }
        func endList() {
            if let open = list {
                let tag = open.ordered ? "ol" : "ul"
                html += "<\(tag)>\n" + open.items.map { "<li>\(inline($0))</li>\n" }.joined() + "</\(tag)>\n"
            }
            list = nil
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("|"), index < lines.count, let alignments = tableAlignments(lines[index]) {
                endParagraph()
                endList()
                var rows = [tableCells(trimmed)]
                index += 1
                while index < lines.count, lines[index].drop(while: { $0 == " " }).hasPrefix("|") {
                    rows.append(tableCells(lines[index].drop { $0 == " " }))
                    index += 1
                }
                html += table(rows, alignments: alignments)
                continue
            }
            let hashes = trimmed.prefix { $0 == "#" }.count
            if hashes > 0, hashes <= 6, trimmed.dropFirst(hashes).first == " " {
                endParagraph()
                endList()
                let text = String(trimmed.dropFirst(hashes + 1))
                html += "<h\(hashes) id=\"\(HTMLExport.escape(heading(hashes, text)))\">\(inline(text))</h\(hashes)>\n"
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
                endParagraph()
                if list?.ordered != false { endList(); list = (false, []) }
                list?.items.append(String(trimmed.dropFirst(2)))
            } else if let dot = trimmed.firstIndex(of: "."), dot > trimmed.startIndex,
                      trimmed[..<dot].allSatisfy(\.isASCII), trimmed[..<dot].allSatisfy(\.isNumber),
                      trimmed[dot...].hasPrefix(". ") {
                endParagraph()
                if list?.ordered != true { endList(); list = (true, []) }
                list?.items.append(String(trimmed[dot...].dropFirst(2)))
            } else if trimmed.isEmpty {
                endParagraph()
                endList()
            } else if let open = list, line.hasPrefix("  ") {
                list?.items[open.items.count - 1] += " " + trimmed
            } else {
                endList()
                paragraph.append(String(trimmed))
            }
        }
        endParagraph()
        endList()
        return html
    }

    /// A table's delimiter line (`| --- | :---: | ---: |`): each column's
    /// alignment; nil when the line is not one.
    private static func tableAlignments(_ line: String) -> [String?]? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("|") else { return nil }
        let cells = tableCells(trimmed)
        guard !cells.isEmpty else { return nil }
        var alignments: [String?] = []
        for cell in cells {
            let dashes = cell.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            switch (cell.hasPrefix(":"), cell.hasSuffix(":")) {
            case (true, true): alignments.append("center")
            case (false, true): alignments.append("right")
            case (true, false): alignments.append("left")
            case (false, false): alignments.append(nil)
            }
        }
        return alignments
    }

    /// The cells of a `| a | b |` line, trimmed; a `\|` stays in its cell.
    private static func tableCells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in line.dropFirst() {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        let last = cell.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { cells.append(last) }
        return cells
    }

    private static func table(_ rows: [[String]], alignments: [String?]) -> String {
        func row(_ cells: [String], tag: String) -> String {
            "<tr>" + alignments.indices.map { column in
                let style = alignments[column].map { " style=\"text-align: \($0)\"" } ?? ""
                return "<\(tag)\(style)>\(column < cells.count ? inline(cells[column]) : "")</\(tag)>"
            }.joined() + "</tr>\n"
        }
        var html = "<div class=\"result\"><table>\n<thead>" + row(rows[0], tag: "th") + "</thead>\n<tbody>\n"
        html += rows.dropFirst().map { row($0, tag: "td") }.joined()
        return html + "</tbody>\n</table></div>\n"
    }

    /// Inline Markdown: code spans first (their text is literal), then
    /// strong, emphasis and links in the rest.
    static func inline(_ text: String) -> String {
        var html = ""
        let pieces = text.components(separatedBy: "`")
        for (index, piece) in pieces.enumerated() {
            if index % 2 == 1, index + 1 < pieces.count {
                html += "<code>\(HTMLExport.escape(piece))</code>"
            } else {
                html += (index % 2 == 1 ? "`" : "") + emphasis(piece)
            }
        }
        return html
    }

    private static func emphasis(_ text: String) -> String {
        var html = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**"), end.lowerBound > rest.index(rest.startIndex, offsetBy: 2) {
                html += "<strong>" + HTMLExport.escape(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "</strong>"
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("*"), let end = rest.dropFirst().firstIndex(of: "*"), end > rest.index(after: rest.startIndex) {
                html += "<em>" + HTMLExport.escape(String(rest[rest.index(after: rest.startIndex)..<end])) + "</em>"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("["), let close = rest.range(of: "]("), let end = rest[close.upperBound...].firstIndex(of: ")") {
                let label = String(rest[rest.index(after: rest.startIndex)..<close.lowerBound])
                let target = String(rest[close.upperBound..<end])
                if isSafeLink(target) {
                    html += "<a href=\"\(HTMLExport.escape(target))\">\(HTMLExport.escape(label))</a>"
                } else {
                    html += HTMLExport.escape(String(rest[...end]))
                }
                rest = rest[rest.index(after: end)...]
            } else {
                html += HTMLExport.escape(String(rest.first.map(String.init) ?? ""))
                rest = rest.dropFirst()
            }
        }
        return html
    }

    /// Web links, anchors and relative paths; never `javascript:` or other schemes.
    private static func isSafeLink(_ target: String) -> Bool {
        let lower = target.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("#") { return true }
        return !lower.contains(":")
    }

    /// A heading's text without Markdown marks.
    static func plain(_ text: String) -> String {
        text.filter { $0 != "`" && $0 != "*" }
    }

    /// `what-a-trigger-does` for an anchor.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in plain(text).lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "section" : slug
    }
}
