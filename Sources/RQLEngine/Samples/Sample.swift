import FoundationEssentials
import Glibc
import GRDB
import RQLLanguage
import RQLSamples

/// A sample database rql can build from nothing, in memory.
public enum Sample: String, CaseIterable, Sendable {
    case reminders, employees, attachments

    public var summary: String {
        switch self {
        case .reminders: "the Reminders app: lists, reminders, tags, FTS5 search, triggers"
        case .employees: "employees and their managers: self-joins and recursive CTEs"
        case .attachments: "single-table inheritance and a reused column group"
        }
    }

    /// The SQL script that builds it.
    public var script: String {
        switch self {
        case .reminders: SampleFiles.reminders
        case .employees: SampleFiles.employees
        case .attachments: SampleFiles.attachments
        }
    }

    /// DSL definitions made for the sample, one per line.
    public var prelude: String {
        switch self {
        case .reminders: SampleFiles.remindersPrelude
        case .employees, .attachments: ""
        }
    }

    /// The prelude's definitions, without its blank and comment lines.
    var preludeLines: [String] {
        prelude.split(separator: "\n").filter { !$0.skippingBlanksAndComments().isEmpty }.map(String.init)
    }

    /// Looks a sample up by name, for messages that list the others.
    public static func named(_ name: String) -> Sample? {
        Sample(rawValue: name.lowercased())
    }

    public static var names: [String] { allCases.map(\.rawValue) }

    /// One line per sample: its name and what it shows.
    public static var listing: String {
        AlignedList.text(allCases.map { ($0.rawValue, $0.summary) })
    }
}

extension Sample {
    /// Builds the sample into a new database file at `path`.
    public func write(to path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CommandError(.alreadyExists(path))
        }
        let setup = ConnectionSetup(scheduler: Scheduler(clock: SystemClock()), uuids: .random(), safe: false)
        do {
            let queue = try DatabaseQueue(path: path, configuration: Connection.configuration(readonly: false, setup: setup))
            try queue.inDatabase { db in try db.execute(sql: script) }
            try queue.close()
        } catch let error as DatabaseError {
            throw CommandError(.cannotWrite(path, reason: error.message ?? "\(error.resultCode)"))
        }
    }
}
