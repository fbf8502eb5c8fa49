import Glibc

/// How many different values a column holds, from the 64-bit hashes of
/// its values: exact up to `exactLimit` of them (an open-addressing set of
/// hashes), then estimated by HyperLogLog (16,384 registers, a standard
/// error of about 0.8%).
///
///     var counter = DistinctCounter()
///     for value in [1, 2, 2, 3] { counter.add(DistinctCounter.hash(Int64(value))) }
///     counter.count        // 3
///     counter.isEstimate   // false
public struct DistinctCounter {
    public static let exactLimit = 4_096
    private static let precision = 14
    private static var registerCount: Int { 1 << precision }

    /// The hashes seen, while they are few (0 marks a free slot; a hash of
    /// 0 is stored as 1). Empty once the registers take over.
    private var slots = [UInt64](repeating: 0, count: 16)
    private var stored = 0
    private var registers: [UInt8] = []

    var isEstimate: Bool { !registers.isEmpty }

    mutating func add(_ hash: UInt64) {
        if !registers.isEmpty {
            addToRegisters(hash)
            return
        }
        let key = hash == 0 ? 1 : hash
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = slots[index]
            if slot == key { return }
            if slot == 0 { break }
            index = (index + 1) & mask
        }
        slots[index] = key
        stored += 1
        if stored > DistinctCounter.exactLimit {
            registers = [UInt8](repeating: 0, count: DistinctCounter.registerCount)
            for slot in slots where slot != 0 { addToRegisters(slot) }
            slots = []
        } else if stored * 2 > slots.count {
            grow()
        }
    }

    /// The number of different hashes: exact, or HyperLogLog's estimate by
    /// Ertl's improved estimator ("New cardinality estimation algorithms
    /// for HyperLogLog sketches", 2017), which needs no table of biases
    /// where the classic one is off (around 2.5 times the registers).
    var count: Int {
        guard !registers.isEmpty else { return stored }
        let m = Double(DistinctCounter.registerCount)
        let q = 64 - DistinctCounter.precision
        var histogram = [Double](repeating: 0, count: q + 2)
        for register in registers { histogram[Int(register)] += 1 }
        var z = m * DistinctCounter.tau(1 - histogram[q + 1] / m)
        for k in stride(from: q, through: 1, by: -1) { z = 0.5 * (z + histogram[k]) }
        z += m * DistinctCounter.sigma(histogram[0] / m)
        return Int((m * m / (2 * log(2.0)) / z).rounded())
    }

    private static func sigma(_ start: Double) -> Double {
        guard start < 1 else { return .infinity }
        var x = start, y = 1.0, z = start
        while true {
            x *= x
            let previous = z
            z += x * y
            y += y
            if z == previous { return z }
        }
    }

    private static func tau(_ start: Double) -> Double {
        guard start > 0, start < 1 else { return 0 }
        var x = start, y = 1.0, z = 1 - start
        while true {
            x = x.squareRoot()
            let previous = z
            y *= 0.5
            z -= (1 - x) * (1 - x) * y
            if z == previous { return z / 3 }
        }
    }

    private mutating func addToRegisters(_ hash: UInt64) {
        let index = Int(hash >> UInt64(64 - DistinctCounter.precision))
        let rest = hash << UInt64(DistinctCounter.precision)
        let rank = UInt8(min(rest.leadingZeroBitCount, 64 - DistinctCounter.precision) + 1)
        if rank > registers[index] { registers[index] = rank }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for key in old where key != 0 {
            var index = Int(truncatingIfNeeded: key) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = key
        }
    }
}

extension DistinctCounter {
    /// The hash of an integer, and of a REAL that equals one (SQL's `1 = 1.0`).
    static func hash(_ integer: Int64) -> UInt64 {
        mixed(UInt64(bitPattern: integer) ^ 0x5851_F42D_4C95_7F2D)
    }

    static func hash(_ real: Double) -> UInt64 {
        if let integer = Int64(exactly: real) { return hash(integer) }
        return mixed(real.bitPattern ^ 0x1405_7B7E_F767_814F)
    }

    /// The hash of text or blob bytes; `seed` keeps the two apart.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var state = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = mixed(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mixed(state ^ tail)
    }

    static let textSeed: UInt64 = 0x2545_F491_4F6C_DD1D
    static let blobSeed: UInt64 = 0x9FB2_1C65_1E98_DF25

    /// MurmurHash3's finalizer: every bit of the input reaches every bit of the output.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
