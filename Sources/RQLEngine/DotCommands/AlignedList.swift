/// Name-and-description lines with the descriptions in one column, as
/// `.help`, `.dbinfo`, `.parameter list` and the sample list print them.
///
///     AlignedList.text([("page size", "4096"), ("encoding", "UTF-8")])
///     // "page size  4096\nencoding   UTF-8\n"
public enum AlignedList {
    public static func text(_ rows: [(String, String)], indent: String = "") -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { name, value in
            indent + name + String(repeating: " ", count: width + 2 - name.count) + value + "\n"
        }.joined()
    }
}
