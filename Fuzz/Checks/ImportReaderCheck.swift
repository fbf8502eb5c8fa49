import Foundation
import RQLEngine

/// The readers of `.import` on any bytes, read as CSV and as JSON: each
/// gives records or an error at a line of the file, never crashes; the
/// records written back (CSV with every field quoted, JSON as one object a
/// line) read back the same.
enum ImportReaderCheck {
    static func problems(_ input: [UInt8]) -> [String] {
        let path = scratchPath("input")
        defer { unlink(path) }
        guard write(input, to: path) else { return [] }
        // The characters of each line, as a column counts them (bytes that do not continue one).
        let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        }
        var problems: [String] = []
        switch csvRecords(path) {
        case .failure(let error):
            problems += located(error, in: path, lines: lines, as: "CSV")
        case .success(let records):
            let again = scratchPath("csv")
            defer { unlink(again) }
            if write(records.flatMap(csv), to: again), (try? csvRecords(again).get()) != records {
                problems.append("CSV records written back with quotes read back otherwise")
            }
        }
        switch jsonRecords(path) {
        case .failure(let error):
            problems += located(error, in: path, lines: lines, as: "JSON")
        case .success(let records):
            let again = scratchPath("json")
            defer { unlink(again) }
            if write(records.flatMap(ndjson), to: again), (try? jsonRecords(again).get()) != records {
                problems.append("JSON records written back as lines read back otherwise")
            }
        }
        return problems
    }

    /// An error of a reader points at a line of the file it read, and at a
    /// column of that line (or just after its end) when it names one.
    private static func located(_ error: CommandError, in path: String, lines: [Int], as format: String) -> [String] {
        guard let location = error.location else { return [] }  // an error of the file itself, not of a line
        let place = location.hasPrefix(path + ":") ? location.dropFirst(path.count + 1).split(separator: ":").map { Int($0) } : []
        guard let line = place.first ?? nil, (1...lines.count).contains(line), place.count <= 2 else {
            return ["a \(format) error points at \(location), outside the \(lines.count) lines of the input"]
        }
        if place.count == 2, !(place[1].map { (1...lines[line - 1] + 1).contains($0) } ?? false) {
            return ["a \(format) error points at \(location), outside the \(lines[line - 1]) characters of line \(line)"]
        }
        return error.message.isEmpty ? ["a \(format) error without a message"] : []
    }

    private static func csvRecords(_ path: String) -> Result<[[[UInt8]]], CommandError> {
        Result { () throws(CommandError) -> [[[UInt8]]] in
            let source = try ImportSource(path: path)
            var reader = CSVReader(source, separator: 0x2C)
            var records: [[[UInt8]]] = []
            while try reader.next() {
                records.append((0..<reader.fieldCount).map { Array(reader.bytes[reader.fieldRange($0)]) })
            }
            return records
        }
    }

    /// A JSON member as compared: its key and its value, text as bytes.
    struct Member: Equatable {
        var key: String
        var value: JSONRecordReader.Value
        var bytes: [UInt8]
    }

    private static func jsonRecords(_ path: String) -> Result<[[Member]], CommandError> {
        Result { () throws(CommandError) -> [[Member]] in
            let source = try ImportSource(path: path)
            var reader = JSONRecordReader(source)
            var records: [[Member]] = []
            while try reader.next() {
                records.append(reader.members.map { member in
                    var value = member.value
                    var bytes: [UInt8] = []
                    switch member.value {
                    case .text(let range):
                        bytes = Array(reader.bytes[range])
                        value = .text(0..<bytes.count)
                    case .json(let range):
                        bytes = Array(reader.bytes[range])
                        value = .json(0..<bytes.count)
                    default: break
                    }
                    return Member(key: reader.keys[member.key], value: value, bytes: bytes)
                })
            }
            return records
        }
    }

    /// One record as a line of CSV, every field quoted.
    private static func csv(_ fields: [[UInt8]]) -> [UInt8] {
        var line: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { line.append(0x2C) }
            line.append(0x22)
            for byte in field {
                line.append(byte)
                if byte == 0x22 { line.append(0x22) }
            }
            line.append(0x22)
        }
        return line + [0x0A]
    }

    /// One record as a line of JSON.
    private static func ndjson(_ record: [Member]) -> [UInt8] {
        var line: [UInt8] = [0x7B]
        for (index, member) in record.enumerated() {
            if index > 0 { line.append(0x2C) }
            line += quoted(Array(member.key.utf8)) + [0x3A]
            switch member.value {
            case .null: line += Array("null".utf8)
            case .integer(let value): line += Array(String(value).utf8)
            case .real(let value): line += Array("\(value)".utf8)
            case .text: line += quoted(member.bytes)
            case .json: line += member.bytes
            }
        }
        return line + [0x7D, 0x0A]
    }

    private static func quoted(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = [0x22]
        for byte in bytes {
            switch byte {
            case 0x22, 0x5C: text += [0x5C, byte]
            case 0..<0x20: text += Array(String(format: "\\u%04x", byte).utf8)
            default: text.append(byte)
            }
        }
        return text + [0x22]
    }

    private static func scratchPath(_ name: String) -> String {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return folder + "/rql-fuzz-import-\(getpid())-\(name)"
    }

    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
}
