/// How much matching the masks of one cell may do over its output (its
/// values one by one, then any text that is not a result), counted in the
/// matcher's own steps rather than in time, so that a notebook passes or
/// fails by its content, whatever else the machine is doing.
///
/// The count comes from ICU, the engine behind `NSRegularExpression`: while
/// matching, it reports progress once every 10,000 steps of backtracking,
/// however long they take, and `Mask.searching` keeps it from reporting
/// anything else. Twenty million steps are a fraction of a second of
/// backtracking, and three times what a mask as slow as `/.*-4/` takes
/// over 20,000 lines of text (masking a result's values one by one takes
/// next to none); a pattern that backtracks without end, `/(a+)+$/` on a
/// line of forty `a`s and a `b`, reaches them on that line. Steps short of
/// 10,000 in one value are never reported, so a cell may take up to that
/// many more for each value it masks.
struct MaskBudget {
    /// The steps between two of ICU's progress reports.
    static let stepsPerReport = 10_000
    /// The steps a cell's masks may take.
    static let limit = 20_000_000
    /// `limit` in words, for the message of a mask that reaches it.
    static let limitText = "\(limit / 1_000_000) million"

    private var reports = 0

    /// Counts one progress report; false once the steps reported pass the limit.
    mutating func spend() -> Bool {
        reports += 1
        return reports * MaskBudget.stepsPerReport <= MaskBudget.limit
    }
}
