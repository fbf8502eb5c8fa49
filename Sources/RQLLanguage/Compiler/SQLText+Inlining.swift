import RQLValues

extension SQLText {
    /// The SQL with each `?N` outside quotes replaced by its value as a literal.
    static func inlining(_ values: [SQLValue], into sql: String) -> String {
        guard !values.isEmpty else { return sql }
        var result: [UInt8] = []
        let bytes = Array(sql.utf8)
        var index = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
                result.append(byte)
                index += 1
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
                result.append(byte)
                index += 1
            } else if byte == 0x3F {
                var end = index + 1
                var number = 0
                while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 {
                    number = number * 10 + Int(bytes[end] - 0x30)
                    end += 1
                }
                if number >= 1, number <= values.count {
                    result.append(contentsOf: values[number - 1].literal.utf8)
                    index = end
                } else {
                    result.append(byte)
                    index += 1
                }
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
