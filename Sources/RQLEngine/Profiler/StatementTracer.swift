import FoundationEssentials
import Glibc
import GRDBSQLite
import RQLRender

/// Listens to `sqlite3_trace_v2` on a connection while a command runs: for
/// `.trace on` it writes each statement as it starts (bound values
/// expanded, triggers as `-- TRIGGER name`, statements a virtual table runs
/// inside indented by depth); for `.profile on` it builds the command's
/// `StatementProfile` with `sqlite3_stmt_status` counters.
///
/// GRDB's own `Database.trace` does not expose the statement pointer that
/// `sqlite3_stmt_status` needs, so the tracer registers its own callback
/// (one connection has one trace callback).
final class StatementTracer {
    var tracesTo: ByteOutput?
    var profiles = false
    /// While set, statements are neither traced nor profiled: rql's own
    /// questions asked in the middle of a command.
    var isSuspended = false
    private(set) var profile = StatementProfile()

    /// Statements started and not finished yet, innermost last, with their
    /// profile node and when they started.
    private var running: [(statement: OpaquePointer, node: Int?, depth: Int, started: UInt64)] = []
    /// The trigger of the outermost statement that fired last: inner statements belong to it.
    private var currentTrigger: (node: Int?, depth: Int)?
    /// Profile nodes by what they are: a trigger's text pointer, an inner statement's pointer.
    private var nodeByKey: [UnsafeRawPointer: Int] = [:]
    /// When the last event came, for estimating the time inside triggers.
    private var lastEvent: UInt64 = 0

    var isActive: Bool { tracesTo != nil || profiles }

    /// Starts listening on `connection` for one command.
    /// Forgets the last profile: a command that runs no statement then has none.
    func forget() {
        profile = StatementProfile()
    }

    func begin(on connection: OpaquePointer) {
        forget()
        running = []
        currentTrigger = nil
        nodeByKey = [:]
        lastEvent = StatementTracer.now()
        let mask = UInt32(SQLITE_TRACE_STMT | SQLITE_TRACE_PROFILE | (profiles ? SQLITE_TRACE_ROW : 0))
        sqlite3_trace_v2(connection, mask, { kind, context, pointer, detail in
            guard let context, let pointer else { return 0 }
            let tracer = Unmanaged<StatementTracer>.fromOpaque(context).takeUnretainedValue()
            tracer.handle(kind: Int32(kind), statement: OpaquePointer(pointer), detail: detail)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops listening; the profile stays for the report.
    func end(on connection: OpaquePointer) {
        sqlite3_trace_v2(connection, 0, nil, nil)
        tracesTo?.flush()
    }

    private func handle(kind: Int32, statement: OpaquePointer, detail: UnsafeMutableRawPointer?) {
        guard !isSuspended else { return }
        switch kind {
        case SQLITE_TRACE_STMT:
            guard let detail else { return }
            let text = detail.assumingMemoryBound(to: CChar.self)
            if StatementTracer.isTrigger(text) {
                startTrigger(text, in: statement)
            } else if running.contains(where: { $0.statement == statement }) {
                startTriggerStep(text)
            } else {
                start(statement)
            }
        case SQLITE_TRACE_PROFILE:
            finish(statement)
        case SQLITE_TRACE_ROW:
            if let node = running.last(where: { $0.statement == statement })?.node { profile.nodes[node].rows += 1 }
        default:
            break
        }
    }

    private func start(_ statement: OpaquePointer) {
        attributeElapsedTime()
        let depth = running.isEmpty ? 0 : (currentTrigger?.depth ?? running.count - 1) + 1
        if let output = tracesTo {
            let expanded = sqlite3_expanded_sql(statement)
            if let text = expanded.map({ UnsafePointer($0) }) ?? sqlite3_sql(statement) {
                StatementTracer.writeLine(text, depth: depth, endingStatement: true, to: output)
            } else {
                StatementTracer.writeLine(";", depth: depth, endingStatement: false, to: output)
            }
            sqlite3_free(expanded)
        }
        var node: Int?
        if profiles {
            // A statement SQLite keeps prepared (FTS5's own, a trigger's)
            // counts from its first run, profiled or not: count this run.
            for counter in StatementTracer.counters { _ = sqlite3_stmt_status(statement, counter, 1) }
            let parent = running.isEmpty ? nil : (currentTrigger?.node ?? running.last?.node)
            let key = UnsafeRawPointer(statement)
            if depth > 0, let existing = nodeByKey[key] {
                node = existing
            } else {
                let text = sqlite3_sql(statement).map { String(cString: $0) } ?? ""
                node = profile.add(.init(kind: depth == 0 ? .statement : .nested, text: text, depth: depth), under: parent)
                if depth > 0 { nodeByKey[key] = node }
            }
            if let node { profile.nodes[node].runs += 1 }
        }
        running.append((statement, node, depth, lastEvent))
        if depth == 0 { currentTrigger = nil }
    }

    /// A statement of a trigger's body starts: SQLite announces it on the
    /// statement that fired the trigger, with the step's text as a comment.
    private func startTriggerStep(_ text: UnsafePointer<CChar>) {
        attributeElapsedTime()
        guard let output = tracesTo else { return }
        let depth = (currentTrigger?.depth ?? 0) + 1
        StatementTracer.writeLine(text, depth: depth, endingStatement: false, to: output)
    }

    /// Writes `text` indented two spaces a level, straight from SQLite's
    /// bytes (control characters as symbols on a terminal); a statement
    /// gets a `;` when it has none.
    private static func writeLine(_ text: UnsafePointer<CChar>, depth: Int, endingStatement: Bool, to output: ByteOutput) {
        output.write(repeating: 0x20, count: 2 * depth)
        let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
        output.write(visible: bytes)
        if endingStatement, bytes.last != 0x3B { output.write(byte: 0x3B) }
        output.write(byte: 0x0A)
    }

    private func startTrigger(_ text: UnsafePointer<CChar>, in statement: OpaquePointer) {
        attributeElapsedTime()
        let outer = running.first { $0.statement == statement } ?? running.last
        let depth = (outer?.depth ?? 0) + 1
        if let output = tracesTo { StatementTracer.writeLine(text, depth: depth, endingStatement: false, to: output) }
        var node: Int?
        if profiles {
            let key = UnsafeRawPointer(text)
            if let existing = nodeByKey[key] {
                node = existing
            } else {
                let name = String(String(cString: text).dropFirst(StatementTracer.triggerPrefix.count))
                node = profile.add(.init(kind: .trigger, text: name, depth: depth), under: outer?.node)
                nodeByKey[key] = node
            }
            if let node { profile.nodes[node].runs += 1 }
        }
        currentTrigger = (node, depth)
    }

    private func finish(_ statement: OpaquePointer) {
        attributeElapsedTime()
        guard let index = running.lastIndex(where: { $0.statement == statement }) else { return }
        let finished = running.remove(at: index)
        if finished.depth == 0 { currentTrigger = nil }
        guard let node = finished.node else { return }
        // SQLite's own figure counts whole milliseconds; the tracer's clock is finer.
        profile.nodes[node].nanoseconds += max(Int64(lastEvent &- finished.started), 0)
        profile.nodes[node].steps += Int64(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 1))
        profile.nodes[node].fullScanSteps += Int64(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1))
        profile.nodes[node].sorts += Int64(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_SORT, 1))
        profile.nodes[node].automaticIndexes += Int64(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_AUTOINDEX, 1))
    }

    /// Notes the time of an event; the time since the last one goes to the
    /// trigger running then, if any.
    private func attributeElapsedTime() {
        guard profiles else { return }
        let now = StatementTracer.now()
        if let node = currentTrigger?.node { profile.nodes[node].nanoseconds += Int64(now &- lastEvent) }
        lastEvent = now
    }

    /// The `sqlite3_stmt_status` counters a profile reads.
    private static let counters = [SQLITE_STMTSTATUS_VM_STEP, SQLITE_STMTSTATUS_FULLSCAN_STEP,
                                   SQLITE_STMTSTATUS_SORT, SQLITE_STMTSTATUS_AUTOINDEX]

    static let triggerPrefix = "-- TRIGGER "

    private static func isTrigger(_ text: UnsafePointer<CChar>) -> Bool {
        strncmp(text, triggerPrefix, 11) == 0
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
