/// A note a box or table writes under itself, worded once: the tabular
/// writer prints it, and `rql export --execute`, which shows every column,
/// knows it again to leave it out.
public enum TableNote {
    /// `(3 columns hidden to fit: .mode line shows every column)`
    public static func hiddenColumns(_ count: Int) -> String {
        "(\(count == 1 ? "1 column" : "\(count) columns") hidden to fit: .mode line shows every column)"
    }
}
