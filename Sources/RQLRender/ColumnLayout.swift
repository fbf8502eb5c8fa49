/// Names laid out in columns down then across, as `ls` does, to fit a
/// width; each name padded by its display width, so wide characters line up.
///
///     ColumnLayout.lines(["a", "bb", "ccc"], width: 12)   // ["a    ccc", "bb"]
public enum ColumnLayout {
    public static func lines(_ names: [String], width: Int) -> [String] {
        guard !names.isEmpty else { return [] }
        let widths = names.map(DisplayWidth.of)
        let cellWidth = (widths.max() ?? 0) + 2
        let perLine = max(1, width / cellWidth)
        let lineCount = (names.count + perLine - 1) / perLine
        return (0..<lineCount).map { line in
            var text = ""
            for column in 0..<perLine {
                let index = column * lineCount + line
                guard index < names.count else { break }
                let isLast = column == perLine - 1 || index + lineCount >= names.count
                text += isLast ? names[index] : names[index] + String(repeating: " ", count: cellWidth - widths[index])
            }
            return text
        }
    }
}
