/// What one command caused, as a tree: the statements it ran, the triggers
/// they fired and the statements virtual tables ran inside them, each
/// aggregated by what it is, with how many times it ran and its figures.
struct StatementProfile {
    struct Node {
        enum Kind { case statement, trigger, nested }

        var kind: Kind
        var text: String
        var depth: Int
        var runs = 0
        /// Nanoseconds; exact for statements (SQLite's profile event),
        /// estimated for triggers (between trace events).
        var nanoseconds: Int64 = 0
        var rows = 0
        var steps: Int64 = 0
        var fullScanSteps: Int64 = 0
        var sorts: Int64 = 0
        var automaticIndexes: Int64 = 0
        var children: [Int] = []
    }

    /// Nodes in the order they first ran; roots are the command's statements.
    var nodes: [Node] = []
    var roots: [Int] = []

    var isEmpty: Bool { nodes.isEmpty }

    mutating func add(_ node: Node, under parent: Int?) -> Int {
        nodes.append(node)
        let index = nodes.count - 1
        if let parent { nodes[parent].children.append(index) } else { roots.append(index) }
        return index
    }
}

extension StatementProfile {
    /// The tree as text, figures first and the statement after, one line
    /// each, then a total. `width` cuts long statements with `…`;
    /// `masksTimes` writes `[time]` for each time (notebooks).
    func text(width: Int?, masksTimes: Bool = false) -> String {
        func milliseconds(_ nanoseconds: Int64) -> String {
            masksTimes ? "[time]" : StatementProfile.milliseconds(nanoseconds)
        }
        var lines = ["  runs        ms    rows    steps   scan  sorts  autoidx"]
        func visit(_ index: Int, prefix: String, isLast: Bool) {
            let node = nodes[index]
            let branch = node.depth == 0 ? "" : prefix + (isLast ? "└─ " : "├─ ")
            let label = node.kind == .trigger ? "TRIGGER " + node.text : node.text
            let figures: String
            if node.kind == .trigger {
                figures = pad(node.runs, 6) + pad("~" + milliseconds(node.nanoseconds), 10) + pad("-", 8) + pad("-", 9)
                    + pad("-", 7) + pad("-", 7) + pad("-", 9)
            } else {
                figures = pad(node.runs, 6) + pad(milliseconds(node.nanoseconds), 10) + pad(node.rows, 8)
                    + pad(node.steps, 9) + pad(node.fullScanSteps, 7) + pad(node.sorts, 7) + pad(node.automaticIndexes, 9)
            }
            var line = figures + "  " + branch + StatementProfile.oneLine(label)
            if let width, line.count > width { line = String(line.prefix(max(width - 1, 0))) + "…" }
            lines.append(line)
            let childPrefix = node.depth == 0 ? "" : prefix + (isLast ? "   " : "│  ")
            for (offset, child) in node.children.enumerated() {
                visit(child, prefix: childPrefix, isLast: offset == node.children.count - 1)
            }
        }
        for root in roots { visit(root, prefix: "", isLast: true) }
        lines.append(totalLine(milliseconds: milliseconds))
        if nodes.contains(where: { $0.kind == .trigger }) {
            lines.append("  (~ time estimated between trace events: SQLite times whole statements, not triggers)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func totalLine(milliseconds: (Int64) -> String) -> String {
        let statements = nodes.filter { $0.kind != .trigger }
        let top = roots.map { nodes[$0].nanoseconds }.reduce(0, +)
        func count(_ kind: Node.Kind) -> Int { nodes.filter { $0.kind == kind }.map(\.runs).reduce(0, +) }
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        func sum(_ figure: KeyPath<Node, Int64>) -> Int64 { statements.map { $0[keyPath: figure] }.reduce(0, +) }
        return "  total \(milliseconds(top)) ms: \(plural(count(.statement), "statement")), "
            + "\(plural(count(.trigger), "trigger run")), \(plural(count(.nested), "internal statement")); "
            + "\(sum(\.steps)) VM steps, \(sum(\.fullScanSteps)) full-scan steps, \(sum(\.sorts)) sorts, "
            + "\(sum(\.automaticIndexes)) automatic indexes"
    }

    private static func milliseconds(_ nanoseconds: Int64) -> String {
        let tenths = (nanoseconds + 500) / 1_000
        return "\(tenths / 1_000).\(String(repeating: "0", count: 3 - String(tenths % 1_000).count))\(tenths % 1_000)"
    }

    private func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// SQL on one line: runs of blanks and newlines become one space.
    static func oneLine(_ sql: String) -> String {
        sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
