extension Notebook {
    /// The notebook as text, with the output blocks of the cells in
    /// `outputs` (by cell index) replaced by the given lines; every other
    /// line comes back byte for byte. With no replacements this is the file
    /// as it was read.
    public func text(replacingOutputs outputs: [Int: [String]] = [:]) -> String {
        var blockAt: [Int: Int] = [:]
        for (index, cell) in cells.enumerated() where outputs[index] != nil {
            blockAt[cell.source.upperBound] = index
        }
        var printed: [String] = []
        var endsWithOutput = false
        var index = 0
        while index <= lines.count {
            if let cellIndex = blockAt[index], let output = outputs[cellIndex] {
                printed += output.map { $0.isEmpty ? "-->" : "--> " + $0 }
                index = cells[cellIndex].outputLines.upperBound
                blockAt[index] = nil
                endsWithOutput = index == lines.count
                if index < lines.count { continue }
            }
            guard index < lines.count else { break }
            printed.append(lines[index])
            endsWithOutput = false
            index += 1
        }
        guard !printed.isEmpty else { return "" }
        return printed.joined(separator: "\n") + (endsWithNewline || endsWithOutput ? "\n" : "")
    }
}
