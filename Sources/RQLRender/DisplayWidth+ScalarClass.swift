/// What the byte-level width reader needs to know of a scalar, read with one
/// load from a table made from Swift's own Unicode properties
/// (`DisplayWidth+Table.swift`; `Tests/RQLRenderTests/ScalarClassTests.swift`
/// holds the definitions it is made from and checks it against them).
extension DisplayWidth {
    struct ScalarClass: Equatable {
        /// Bits 0 and 1 hold the columns, 3 for a scalar not read here;
        /// bits 4 to 6 how it joins; the others are flags.
        let rawValue: UInt8

        static let pictograph: UInt8 = 1 << 2
        static let joinsNever: UInt8 = 1 << 3
        static let joiningShift: UInt8 = 4
        static let emoji: UInt8 = 1 << 7

        /// A scalar past the table: not read here.
        static let beyondTable = ScalarClass(rawValue: 3)

        /// The columns a cluster that starts with the scalar takes, by the
        /// width model of `DisplayWidth.of(_: Character)`; nil for a scalar
        /// whose cluster is not read here (a prepended mark, which joins
        /// the scalar after it; a mark of no columns in a wide range).
        var columns: Int? {
            let columns = rawValue & 3
            return columns == 3 ? nil : Int(columns)
        }

        /// Extended_Pictographic, as Swift's grapheme breaking reads it: a ZWJ
        /// after one joins the next pictograph into its cluster.
        var isPictograph: Bool { rawValue & ScalarClass.pictograph != 0 }

        /// Whether nothing joins the scalar (a control, a separator): every
        /// cluster ends after it.
        var joinsNever: Bool { rawValue & ScalarClass.joinsNever != 0 }

        var joining: Joining {
            Joining(rawValue: rawValue >> ScalarClass.joiningShift & 7) ?? .starts
        }

        /// Unicode's Emoji property: U+FE0F after it selects its emoji form.
        var isEmoji: Bool { rawValue & ScalarClass.emoji != 0 }
    }

    /// How a scalar joins the cluster before it.
    enum Joining: UInt8 {
        /// Only by a rule of its own kind (a letter, a symbol, a jamo, a flag's half).
        case starts
        /// A consonant that a virama after a consonant links (Indic_Conjunct_Break).
        case consonant
        /// Always: Extend or ZWJ (a combining mark, a variation selector, a skin tone, a tag).
        case extend
        /// Always: SpacingMark (a vowel sign that takes a column of its own in print).
        case spacingMark
        /// Always, and it links the consonants around it: a virama of a script that makes conjuncts.
        case linker
        /// Always, and a conjunct goes on across it (a nukta, a ZWJ).
        case conjunctExtend
    }

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
