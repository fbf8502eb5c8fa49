/// Where finite values fall between a chart's low and high ends, for any
/// reals, the largest and the subnormal ones included. A position is a
/// difference divided by the scale's length, taken before any product, so
/// no count of cells overflows; when the length itself overflows
/// (`1e308 - -1e308`), values are divided by the larger magnitude of the
/// two ends first. Positions come out as fractions from 0 to 1, and counts
/// of cells as whole numbers no larger than asked for.
///
///     let scale = ChartScale(low: -1e308, high: 1e308)
///     scale.fraction(of: 0)                  // 0.5
///     scale.cells(scale.share(of: 1e308), of: 40)  // 20
public struct ChartScale: Sendable {
    public let low: Double
    public let high: Double
    /// `low` and `high` divided by `magnitude`.
    private let unitLow: Double
    private let unitHigh: Double
    /// 1, or the larger magnitude of the ends when their difference overflows.
    private let magnitude: Double

    /// `low` and `high` must be finite (a chart's values are).
    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
        let largest = max(abs(low), abs(high))
        magnitude = !(high - low).isFinite && largest.isFinite && largest > 0 ? largest : 1
        unitLow = low / magnitude
        unitHigh = high / magnitude
    }

    /// True when the ends are equal: there is no scale to place values on.
    public var isFlat: Bool { !(unitHigh > unitLow) }

    /// Where `value` falls, from 0 at `low` to 1 at `high` (clamped); 0 on a flat scale.
    public func fraction(of value: Double) -> Double {
        guard !isFlat else { return 0 }
        return ChartScale.clamped((value / magnitude - unitLow) / (unitHigh - unitLow))
    }

    /// The length of `value` from zero as a part of the scale's length (clamped to 0…1); 0 on a flat scale.
    public func share(of value: Double) -> Double {
        guard !isFlat else { return 0 }
        return ChartScale.clamped(abs(value / magnitude) / (unitHigh - unitLow))
    }

    /// `fraction` (clamped to 0…1) of `count` cells, rounded as `rule` says:
    /// a whole number from 0 to `count` for any fraction, NaN counting as 0.
    public func cells(_ fraction: Double, of count: Int,
                      rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int {
        ChartScale.cells(fraction, of: count, rounding: rule)
    }

    /// `cells(_:of:rounding:)` without a scale.
    public static func cells(_ fraction: Double, of count: Int,
                             rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int {
        let count = max(count, 0)
        let cells = (clamped(fraction) * Double(count)).rounded(rule)
        return cells >= Double(count) ? count : Int(cells)
    }

    private static func clamped(_ fraction: Double) -> Double {
        fraction >= 0 ? min(fraction, 1) : 0
    }
}
