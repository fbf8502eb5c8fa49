import FoundationEssentials
import Glibc

/// Records of a JSON file, chunk by chunk: the objects of a top-level array
/// (`[{…}, {…}]`), or objects one after another (newline-delimited JSON).
/// Each member's key is numbered in the order keys are first seen; a nested
/// array or object is kept as compact JSON text. Nesting is followed with a
/// stack, not recursion, and is limited to `maximumDepth`.
///
///     var reader = JSONRecordReader(source)
///     while try reader.next() { reader.members … reader.keys }
public struct JSONRecordReader {
    /// A member's value; text and JSON text are ranges of `bytes`.
    public enum Value: Equatable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(Range<Int>)
        case json(Range<Int>)
    }

    public static let maximumDepth = 512

    private let source: ImportSource
    private var chunk = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var position = 0
    private var currentLine = 1
    /// Whether the records are the elements of a top-level array, once known.
    private var inArray: Bool?
    private var arrayEnded = false

    /// Every key seen so far, in the order first seen.
    public private(set) var keys: [String] = []
    private var keyIndex: [String: Int] = [:]
    /// The last record's members: key number and value, in the object's order.
    public private(set) var members: [(key: Int, value: Value)] = []
    /// Where each key's member is in `members`, for a key an object repeats.
    private var memberIndex: [Int: Int] = [:]
    /// The decoded strings and nested JSON of the last record.
    public private(set) var bytes: [UInt8] = []
    /// The line the last record starts on.
    public private(set) var line = 0

    /// A record longer than this is an error, not held (a device never ends one).
    private let maximumRecordBytes: Int

    public init(_ source: ImportSource, maximumRecordBytes: Int = ImportError.maximumRecordBytes) {
        self.source = source
        self.maximumRecordBytes = maximumRecordBytes
    }

    /// Reads the next record; false after the last one.
    public mutating func next() throws(CommandError) -> Bool {
        members.removeAll(keepingCapacity: true)
        memberIndex.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        guard !arrayEnded else {
            guard try skipSpace() == nil else { throw invalid(.afterArray) }
            return false
        }
        guard var byte = try skipSpace() else {
            if inArray == true { throw invalid(.endsInsideArray) }
            return false
        }
        if inArray == nil {
            inArray = byte == UInt8(ascii: "[")
            if inArray == true {
                position += 1
                guard let first = try skipSpace() else { throw invalid(.endsInsideArray) }
                if first == UInt8(ascii: "]") {
                    position += 1
                    arrayEnded = true
                    return try next()
                }
                byte = first
            }
        } else if inArray == true {
            if byte == UInt8(ascii: "]") {
                position += 1
                arrayEnded = true
                return try next()
            }
            guard byte == UInt8(ascii: ",") else { throw invalid(.expectedAfterRecord) }
            position += 1
            guard let after = try skipSpace() else { throw invalid(.endsInsideArray) }
            byte = after
        }
        guard byte == UInt8(ascii: "{") else {
            throw invalid(.notAnObject(inArray: inArray == true))
        }
        line = currentLine
        position += 1
        try readMembers()
        return true
    }

    /// The members of an object, after its `{`, up to and past its `}`.
    private mutating func readMembers() throws(CommandError) {
        guard let first = try skipSpace() else { throw endsInside() }
        if first == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard try skipSpace() == UInt8(ascii: "\"") else { throw invalid(.expectedKey) }
            position += 1
            let keyStart = bytes.count
            try readString()
            let key = String(decoding: bytes[keyStart...], as: UTF8.self)
            bytes.removeSubrange(keyStart...)
            guard try skipSpace() == UInt8(ascii: ":") else { throw invalid(.expectedColon(afterKey: key)) }
            position += 1
            let value = try readValue()
            let number: Int
            if let known = keyIndex[key] {
                number = known
            } else {
                number = keys.count
                keys.append(key)
                keyIndex[key] = number
            }
            if let repeated = memberIndex[number] {
                members[repeated].value = value  // the last of a repeated key counts
            } else {
                memberIndex[number] = members.count
                members.append((number, value))
            }
            guard let next = try skipSpace() else { throw endsInside() }
            position += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw invalid(.expectedAfterValue(closing: "}")) }
        }
    }

    private mutating func readValue() throws(CommandError) -> Value {
        guard let byte = try skipSpace() else { throw endsInside() }
        switch byte {
        case UInt8(ascii: "\""):
            position += 1
            let start = bytes.count
            try readString()
            return .text(start..<bytes.count)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let start = bytes.count
            try copyNested()
            return .json(start..<bytes.count)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .integer(1)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .integer(0)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        default:
            let start = bytes.count
            let isInteger = try copyNumber()
            // JSON's numbers are written as `.import` reads a CSV field's.
            let number = bytes.withUnsafeBufferPointer { buffer -> Value? in
                let field = UnsafeBufferPointer(rebasing: buffer[start...])
                if isInteger { return ColumnKind.integer(field).map(Value.integer) }
                return ColumnKind.real(field).map(Value.real)
            }
            // An integer too large for 64 bits, or a number a 64-bit float
            // cannot hold (1e999, 1e-400): kept as written.
            guard let number else { return .text(start..<bytes.count) }
            bytes.removeSubrange(start...)
            return number
        }
    }

    /// Copies a number's bytes, checked against JSON's grammar; true when
    /// it has no fraction and no exponent.
    private mutating func copyNumber() throws(CommandError) -> Bool {
        var isInteger = true
        var digits = 0
        var previous: UInt8 = 0
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard previous == 0 && byte == UInt8(ascii: "-") || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else {
                    throw invalid(.malformedNumber)
                }
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard digits > 0 else { throw invalid(.malformedNumber) }
                isInteger = false
            default:
                guard digits > 0, previous >= UInt8(ascii: "0"), previous <= UInt8(ascii: "9") else {
                    throw invalid(digits == 0 && previous == 0 ? .expectedValue : .malformedNumber)
                }
                return isInteger
            }
            bytes.append(byte)
            previous = byte
            position += 1
        }
        guard digits > 0, previous >= UInt8(ascii: "0"), previous <= UInt8(ascii: "9") else { throw invalid(.malformedNumber) }
        return isInteger
    }

    private mutating func expectWord(_ word: StaticString) throws(CommandError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for letter in expected {
            guard try peek() == letter else { throw invalid(.expectedLiteral) }
            position += 1
        }
    }

    /// A string's characters, after its opening quote, decoded into `bytes`;
    /// its closing quote is read too.
    private mutating func readString() throws(CommandError) {
        let opened = currentLine
        while true {
            if position == chunk.count, !(try refill()) {
                throw ImportError.at(source.path, line: opened, .invalidJSON(.unclosedString))
            }
            var end = position
            while end < chunk.count, chunk[end] != 0x22, chunk[end] != 0x5C, chunk[end] >= 0x20 { end += 1 }
            bytes.append(contentsOf: chunk[position..<end])
            position = end
            guard end < chunk.count else { continue }
            let byte = chunk[end]
            position += 1
            if byte == 0x22 { return }
            guard byte == 0x5C else { throw invalid(.controlCharacter) }
            try readEscape()
        }
    }

    private mutating func readEscape() throws(CommandError) {
        guard let byte = try peek() else { throw endsInside() }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate: its low half follows as \uXXXX.
                guard try peek() == 0x5C else { throw invalid(.halfCharacter) }
                position += 1
                guard try peek() == UInt8(ascii: "u") else { throw invalid(.halfCharacter) }
                position += 1
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw invalid(.halfCharacter) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw invalid(.halfCharacter) }
            bytes.append(contentsOf: Array(String(character).utf8))
        default:
            throw invalid(.unknownEscape(Character(Unicode.Scalar(byte))))
        }
    }

    private mutating func hexQuad() throws(CommandError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw invalid(.shortUnicodeEscape)
            }
            position += 1
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// Copies a nested array or object as compact JSON (no space outside
    /// strings), checking its grammar with a stack of the open brackets.
    private mutating func copyNested() throws(CommandError) {
        var open: [UInt8] = []
        var expect = Expect.value
        while true {
            guard let byte = try skipSpace() else { throw endsInside() }
            let closes = byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : nil
            switch expect {
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw invalid(.expectedColon(afterKey: nil)) }
                bytes.append(byte)
                position += 1
                expect = .value
            case .commaOrClose, .valueOrClose, .keyOrClose:
                if let closes, closes == open.last {
                    position += 1
                    bytes.append(byte)
                    open.removeLast()
                    if open.isEmpty { return }
                    expect = .commaOrClose
                } else if expect == .commaOrClose {
                    guard byte == UInt8(ascii: ",") else {
                        throw invalid(.expectedAfterValue(closing: open.last == UInt8(ascii: "{") ? "}" : "]"))
                    }
                    position += 1
                    bytes.append(byte)
                    expect = open.last == UInt8(ascii: "{") ? .key : .value
                } else if expect == .keyOrClose {
                    guard byte == UInt8(ascii: "\"") else { throw invalid(.expectedKey) }
                    try copyStringAsJSON()
                    expect = .colon
                } else {
                    try copyNestedValue(byte, open: &open, expect: &expect)
                }
            case .key:
                guard byte == UInt8(ascii: "\"") else { throw invalid(.expectedKey) }
                try copyStringAsJSON()
                expect = .colon
            case .value:
                try copyNestedValue(byte, open: &open, expect: &expect)
            }
        }
    }

    /// What may come next inside nested JSON.
    private enum Expect { case valueOrClose, value, keyOrClose, key, colon, commaOrClose }

    /// One value inside nested JSON: a scalar, or the opening of an array or object.
    private mutating func copyNestedValue(_ byte: UInt8, open: inout [UInt8], expect: inout Expect) throws(CommandError) {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard open.count < JSONRecordReader.maximumDepth else {
                throw invalid(.nestedTooDeeply(levels: JSONRecordReader.maximumDepth))
            }
            position += 1
            bytes.append(byte)
            open.append(byte)
            expect = byte == UInt8(ascii: "[") ? .valueOrClose : .keyOrClose
            return
        case UInt8(ascii: "\""):
            try copyStringAsJSON()
        case UInt8(ascii: "t"):
            try expectWord("true")
            bytes.append(contentsOf: Array("true".utf8))
        case UInt8(ascii: "f"):
            try expectWord("false")
            bytes.append(contentsOf: Array("false".utf8))
        case UInt8(ascii: "n"):
            try expectWord("null")
            bytes.append(contentsOf: Array("null".utf8))
        default:
            _ = try copyNumber()
        }
        expect = .commaOrClose
    }

    /// Copies a string of nested JSON as it is written, escapes included.
    private mutating func copyStringAsJSON() throws(CommandError) {
        let opened = currentLine
        bytes.append(0x22)
        position += 1
        var escaped = false
        while true {
            guard let byte = try peek() else {
                throw ImportError.at(source.path, line: opened, .invalidJSON(.unclosedString))
            }
            guard byte >= 0x20 else { throw invalid(.controlCharacter) }
            bytes.append(byte)
            position += 1
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                return
            }
        }
    }

    /// Skips blanks; the next byte, not consumed, or nil at the end of the file.
    private mutating func skipSpace() throws(CommandError) -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x0A: currentLine += 1
            case 0x20, 0x09, 0x0D: break
            default: return byte
            }
            position += 1
        }
        return nil
    }

    private mutating func peek() throws(CommandError) -> UInt8? {
        if position == chunk.count, !(try refill()) { return nil }
        return chunk[position]
    }

    private mutating func refill() throws(CommandError) -> Bool {
        if let error = ImportError.tooLarge(source.path, line: line, bytes: bytes.count, fields: keys.count,
                                            maximumBytes: maximumRecordBytes) {
            throw error
        }
        chunk = try source.read()
        position = 0
        return !chunk.isEmpty
    }

    private func invalid(_ fault: JSONFault) -> CommandError {
        ImportError.at(source.path, line: currentLine, .invalidJSON(fault))
    }

    private func endsInside() -> CommandError {
        invalid(.endsInsideRecord)
    }
}
