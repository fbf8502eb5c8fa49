/// Whether bytes are UTF-8 text: `.import` stores a field's bytes as they
/// are, and says where a file first holds bytes that are not (a Latin-1 or
/// Windows-1252 export, whose `é` shows as `�`).
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let end = bytes.count
        var index = 0
        while true {
            // ASCII: eight bytes at a time, then one at a time to the end of the run.
            while end - index >= 8, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            while index < end, base[index] < 0x80 { index += 1 }
            guard index < end else { return true }
            // A sequence. The second byte's range refuses overlong forms,
            // surrogates and values past U+10FFFF.
            let lead = base[index]
            let rest = end - index - 1
            let first: UInt8 = rest >= 1 ? base[index + 1] : 0
            switch lead {
            case 0xC2...0xDF:
                guard first & 0xC0 == 0x80 else { return false }
                index += 2
            case 0xE0...0xEF:
                guard rest >= 2, base[index + 2] & 0xC0 == 0x80 else { return false }
                let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80, high: UInt8 = lead == 0xED ? 0x9F : 0xBF
                guard first >= low, first <= high else { return false }
                index += 3
            case 0xF0...0xF4:
                guard rest >= 3, base[index + 2] & 0xC0 == 0x80, base[index + 3] & 0xC0 == 0x80 else { return false }
                let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80, high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
                guard first >= low, first <= high else { return false }
                index += 4
            default:
                return false
            }
        }
    }
}
