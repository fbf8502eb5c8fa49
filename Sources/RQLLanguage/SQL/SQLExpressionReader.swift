/// Reads what rql needs from the expressions of a trigger body: column
/// references in any parentheses, and the comparisons of two of them that a
/// `WHERE` of `AND`s requires. Parentheses are matched once, up front, and
/// nothing recurses, so text of any nesting (or parentheses that never
/// balance) is read in time linear in its tokens.
///
///     let reader = SQLExpressionReader(SQLTokenizer.tokens(#"(("r"."id") IN (("new"."id")))"#))
///     reader.equalities(reader.all)   // [(r.id, new.id)]
public struct SQLExpressionReader: Sendable {
    public let tokens: [SQLToken]
    /// For each `(` the index of its `)` and for each `)` that of its `(`;
    /// nil for other tokens and for parentheses that are never closed.
    private let partners: [Int?]

    public init(_ tokens: [SQLToken]) {
        self.tokens = tokens
        var partners = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            if token.isPunctuation("(") {
                open.append(index)
            } else if token.isPunctuation(")"), let start = open.popLast() {
                partners[start] = index
                partners[index] = start
            }
        }
        self.partners = partners
    }

    /// `t.c` as `qualifier` `["t"]` and `name` `c`; `s.t.c` as `["s", "t"]`
    /// and `c`; a bare `c` with no qualifier.
    public struct ColumnReference: Equatable, Sendable {
        public var qualifier: [String]
        public var name: String

        public init(qualifier: [String], name: String) {
            self.qualifier = qualifier
            self.name = name
        }

        /// `new.c` (or `"NEW"."c"`): the column `c` of the row that fired the trigger.
        public var newRowColumn: String? {
            qualifier.count == 1 && qualifier[0].lowercased() == "new" ? name : nil
        }
    }

    public var all: Range<Int> { 0..<tokens.count }

    /// The token at `index`, or nil past the end.
    public func token(_ index: Int) -> SQLToken? {
        tokens.indices.contains(index) ? tokens[index] : nil
    }

    /// The index of the `)` that closes the `(` at `index`.
    public func closing(_ index: Int) -> Int? {
        guard let partner = tokens.indices.contains(index) ? partners[index] : nil, partner > index else { return nil }
        return partner
    }

    /// `range` without the parentheses around all of it, however many.
    public func unwrapped(_ range: Range<Int>) -> Range<Int> {
        var range = range
        while range.count >= 2, closing(range.lowerBound) == range.upperBound - 1 {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return range
    }

    /// The first token of `range` outside the parentheses within it that matches.
    public func firstIndex(in range: Range<Int>, where matches: (SQLToken) -> Bool) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if matches(tokens[index]) { return index }
            if let close = closing(index), close < range.upperBound { index = close + 1 } else { index += 1 }
        }
        return nil
    }

    /// `range` cut at the tokens outside its parentheses that match, which are left out.
    public func split(_ range: Range<Int>, where separates: (SQLToken) -> Bool) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        while let cut = firstIndex(in: start..<range.upperBound, where: separates) {
            parts.append(start..<cut)
            start = cut + 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// The items of a list: `range` cut at its commas outside parentheses.
    public func items(_ range: Range<Int>) -> [Range<Int>] {
        split(range) { $0.isPunctuation(",") }
    }

    /// The column `range` names, in any parentheses; nil for any other expression.
    public func column(_ range: Range<Int>) -> ColumnReference? {
        let range = unwrapped(range)
        guard [1, 3, 5].contains(range.count) else { return nil }
        var names: [String] = []
        for (offset, index) in range.enumerated() {
            if offset % 2 == 1 {
                guard tokens[index].isPunctuation(".") else { return nil }
            } else {
                guard let name = tokens[index].name else { return nil }
                names.append(name)
            }
        }
        guard let name = names.popLast() else { return nil }
        return ColumnReference(qualifier: names, name: name)
    }

    /// The comparisons of two columns that the condition `range` requires:
    /// `a = b`, `a == b`, `a IS b`, `a IS NOT DISTINCT FROM b` and
    /// `a IN (b)`, alone or joined by `AND`, each in any parentheses. Each
    /// pair is in the order written; other terms add nothing.
    public func equalities(_ range: Range<Int>) -> [(ColumnReference, ColumnReference)] {
        var found: [(ColumnReference, ColumnReference)] = []
        var pending = [range]
        while let part = pending.popLast() {
            let part = unwrapped(part)
            let terms = split(part) { $0.isWord("and") }
            if terms.count > 1 {
                pending.append(contentsOf: terms.reversed())
            } else if let pair = equality(part) {
                found.append(pair)
            }
        }
        return found
    }

    /// `range` as one comparison of two columns, or nil.
    private func equality(_ range: Range<Int>) -> (ColumnReference, ColumnReference)? {
        guard let operation = firstIndex(in: range, where: { $0.isPunctuation("=") || $0.isWord("is") || $0.isWord("in") }),
              operation > range.lowerBound, let left = column(range.lowerBound..<operation)
        else { return nil }
        /// The token `offset` after the operator, within `range`.
        func next(_ offset: Int) -> SQLToken? {
            operation + offset < range.upperBound ? tokens[operation + offset] : nil
        }
        let mark = tokens[operation]
        var rightStart = operation + 1
        if mark.isPunctuation("=") {
            // Not the end of `<=`, `>=` or `!=`.
            if tokens[operation - 1].kind == .punctuation, ["<", ">", "!"].contains(tokens[operation - 1].text) { return nil }
            if next(1)?.isPunctuation("=") == true { rightStart += 1 }
        } else if mark.isWord("is"), next(1)?.isWord("not") == true {
            guard next(2)?.isWord("distinct") == true, next(3)?.isWord("from") == true else { return nil }
            rightStart += 3
        } else if mark.isWord("in") {
            // `IN (b)`: a list of one item, the rest of the condition.
            guard let close = closing(operation + 1), close == range.upperBound - 1 else { return nil }
            let list = items((operation + 2)..<close)
            guard list.count == 1, let value = column(list[0]) else { return nil }
            return (left, value)
        }
        guard let value = column(rightStart..<range.upperBound) else { return nil }
        return (left, value)
    }
}
