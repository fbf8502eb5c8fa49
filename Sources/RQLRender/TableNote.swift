/// A note a box or table writes under itself, worded once: the tabular
/// writer prints it, and `rql export --execute` and `rql serve`'s page,
/// which show every column (and the page every row), know it again to
/// leave it out.
public enum TableNote {
    /// `… 1,000 rows, 40 shown`
    public static func rowsShown(total: Int, shown: Int) -> String {
        "… \(CellText.grouped(total)) rows, \(CellText.grouped(shown)) shown"
    }

    /// `(3 columns hidden to fit: .mode line shows every column)`
    public static func hiddenColumns(_ count: Int) -> String {
        "(\(count == 1 ? "1 column" : "\(count) columns") hidden to fit: .mode line shows every column)"
    }
}
