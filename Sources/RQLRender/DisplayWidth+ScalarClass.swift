/// What the byte-level width reader needs to know of a scalar, read with one
/// load from a table made from Swift's own Unicode properties
/// (`DisplayWidth+Table.swift`; `Tests/RQLRenderTests/ScalarClassTests.swift`
/// holds the definitions it is made from and checks it against them).
extension DisplayWidth {
    struct ScalarClass: Equatable {
        /// Bits 0 and 1 hold the columns, 3 for none settled; the others are flags.
        let rawValue: UInt8

        static let pictograph: UInt8 = 1 << 2
        static let extending: UInt8 = 1 << 3
        static let joinsNever: UInt8 = 1 << 4
        static let joinsUnknown: UInt8 = 1 << 5
        static let emoji: UInt8 = 1 << 6

        /// A scalar past the table: no columns settled, which settles the rest.
        static let beyondTable = ScalarClass(rawValue: 3)

        /// Columns the scalar takes when its cluster takes the sum of its
        /// scalars' columns; nil for one that can join a cluster taking
        /// otherwise (Indic scripts, jamo, joiners, regional indicators…).
        var columns: Int? {
            let columns = rawValue & 3
            return columns == 3 ? nil : Int(columns)
        }

        /// Extended_Pictographic, as Swift's grapheme breaking reads it: a ZWJ
        /// after one joins the next pictograph into its cluster.
        var isPictograph: Bool { rawValue & ScalarClass.pictograph != 0 }

        /// Grapheme_Extend (or a combining diacritical mark): a scalar of no
        /// columns that goes on the cluster before it rather than standing alone.
        var isExtending: Bool { rawValue & ScalarClass.extending != 0 }

        /// Whether what follows the scalar can join its cluster: not after a
        /// control, a format character or a separator, where every cluster
        /// ends; unknown for a scalar Unicode has not assigned.
        var joining: Joining {
            if rawValue & ScalarClass.joinsNever != 0 { return .never }
            return rawValue & ScalarClass.joinsUnknown != 0 ? .unknown : .yes
        }

        /// Unicode's Emoji property: U+FE0F after it selects its emoji form.
        var isEmoji: Bool { rawValue & ScalarClass.emoji != 0 }
    }

    enum Joining { case yes, never, unknown }

    /// The first scalar the table does not hold: planes 2 and 3 (CJK) are in it.
    static let scalarClassLimit: UInt32 = 0x40000

    /// The class of every scalar below the limit, one byte each.
    private static let scalarClasses: [UInt8] = {
        var classes = [UInt8](repeating: 0, count: Int(scalarClassLimit))
        classes.withUnsafeMutableBufferPointer { table in
            for (index, run) in scalarClassRuns.enumerated() {
                let end = index + 1 < scalarClassRuns.count ? Int(scalarClassRuns[index + 1] >> 8) : table.count
                let start = Int(run >> 8)
                UnsafeMutableBufferPointer(rebasing: table[start..<end]).update(repeating: UInt8(truncatingIfNeeded: run))
            }
        }
        return classes
    }()

    /// The table, borrowed while a line is read: a lookup per scalar with
    /// no check each time that the table is made.
    struct ScalarClasses {
        let table: UnsafeBufferPointer<UInt8>

        subscript(value: UInt32) -> ScalarClass {
            value < scalarClassLimit ? ScalarClass(rawValue: table[Int(value)]) : .beyondTable
        }
    }

    static func withScalarClasses<Result>(_ body: (ScalarClasses) -> Result) -> Result {
        scalarClasses.withUnsafeBufferPointer { body(ScalarClasses(table: $0)) }
    }
}
