import Foundation
import RQLNotebook

/// A request's JSON object, read with the errors the page is shown.
struct JSONBody {
    let object: [String: Any]

    init(_ data: Data) throws(ServeProblem) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .badRequest("the body is not a JSON object")
        }
        self.object = object
    }

    func string(_ key: String) throws(ServeProblem) -> String {
        guard let value = object[key] as? String else { throw .badRequest("\(key) must be a string") }
        return value
    }

    func optionalString(_ key: String) throws(ServeProblem) -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw .badRequest("\(key) must be a string") }
        return text
    }

    func integer(_ key: String) throws(ServeProblem) -> Int {
        guard let value = object[key] as? Int else { throw .badRequest("\(key) must be a whole number") }
        return value
    }

    /// `segments`: the page's notebook, as `NotebookSegment`s.
    func segments() throws(ServeProblem) -> [NotebookSegment] {
        guard let list = object["segments"] as? [[String: Any]] else { throw .badRequest("segments must be a list of objects") }
        var segments: [NotebookSegment] = []
        for item in list {
            let segment = JSONBody(object: item)
            switch try segment.string("kind") {
            case "text":
                if let markdown = try segment.optionalString("markdown") {
                    segments.append(.prose(markdown))
                } else {
                    segments.append(.text(try segment.lines("lines")))
                }
            case "cell":
                let output = item["output"] is NSNull || item["output"] == nil ? nil : try segment.lines("output")
                segments.append(.cell(source: try segment.string("source"), output: output))
            default:
                throw .badRequest("a segment's kind is text or cell")
            }
        }
        return segments
    }

    private init(object: [String: Any]) { self.object = object }

    private func lines(_ key: String) throws(ServeProblem) -> [String] {
        guard let lines = object[key] as? [String] else { throw .badRequest("\(key) must be a list of lines") }
        // A line holds no newline; a carriage return would make the notebook unreadable.
        guard lines.allSatisfy({ !$0.contains("\n") && !$0.contains("\r") }) else { throw .badRequest("\(key) holds a line break") }
        return lines
    }
}

/// Writes a JSON response body.
enum JSONReply {
    static func data(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
