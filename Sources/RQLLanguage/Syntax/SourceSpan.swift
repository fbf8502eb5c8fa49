/// A range of UTF-8 byte offsets in the text a DSL command was read from.
public struct SourceSpan: Equatable, Hashable, Sendable {
    public var lower: Int
    public var upper: Int

    public init(_ lower: Int, _ upper: Int) {
        self.lower = lower
        self.upper = max(lower, upper)
    }

    /// The span from the start of `self` to the end of `other`.
    func through(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(min(lower, other.lower), max(upper, other.upper))
    }

    public var length: Int { upper - lower }
}
