/// The Markdown a notebook's prose uses, as HTML: headings, paragraphs,
/// lists, `code`, **strong**, *emphasis* and [links](https://…). Anything
/// else shows as the text it is; all of it is escaped.
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
        for line in lines {
            let trimmed = line.drop { $0 == " " }
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
