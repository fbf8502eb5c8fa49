// rql-compile-bench: the DSL compile time of 20 typical queries on the
// Reminders sample's catalog and prelude. Prints the median time of each
// and the median of those, then the time of long pipelines whose every
// stage needs a subquery and of long chains of `let` queries, which should
// grow linearly with their length, and of scalar subqueries nested inside
// each other; `make bench` runs it.
import Foundation
import RQLEngine
import RQLLanguage

let queries = [
    "reminders | where not isCompleted | order dueDate nulls last, title | limit 5",
    "reminders | where remindersList.title == 'Family' | select title, priority",
    "remindersLists | select title, count(reminders) as n | order -n",
    "reminders | where any tags.title == 'social' | select title",
    "reminders | search 'take' | select highlight(title), snippet(notes)",
    "reminders | group by remindersList.title | select remindersList.title, count() as n, mode(priority)",
    "reminders | where isPastDue | update toggleStatus",
    "reminders | find '00000000-0000-4000-8000-00000000b001' | update status = completing",
    "insert remindersLists title = 'Errands'",
    "reminders | where isCompleted and dueDate < date('now', '-6 months') | delete",
    "reminders | where isFlagged | count",
    "reminders | where priority == high and not isCompleted | select title, dueDate | order dueDate",
    "tags | select title, count(reminders) as n | order -n, title",
    "reminders | where priority > (reminders | select avg(priority)) | select title",
    "reminders | select title, priority ?? 0 as p | order -p | limit 10",
    "remindersLists | where any reminders.isFlagged | select title",
    "reminders | where title like 'B%' or notes like '%milk%' | select title, notes",
    "reminders | join remindersLists | select reminders.title, remindersLists.title as list",
    "reminders | where dueDate is not nil | group by date(dueDate) | select date(dueDate) as day, count() as n",
    "reminders | select title, case priority when high then '!!!' when medium then '!!' else '' end as marks",
    "reminders | select title, row_number() over (partition by remindersListID order -priority) as n | where n == 1",
    "reminders | select title | union (remindersLists | select title) | order title",
    "remindersLists | select title, count(reminders where not isCompleted) as open",
]

let session = try Session(options: .init(target: .sample(.reminders), output: .init(.memory), diagnostics: .init(.memory)))
let catalog = try session.dslCatalog()
let batch = 200
var medians: [Double] = []
print("DSL compile time, µs per query (median of 15 batches of \(batch))")
for query in queries {
    var definitions = session.definitions
    var samples: [Double] = []
    for round in 0..<16 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<batch {
            _ = try DSL.compile(query, catalog: catalog, definitions: &definitions)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(batch)
        if round > 0 { samples.append(elapsed) }
    }
    let median = samples.sorted()[samples.count / 2]
    medians.append(median)
    print(String(format: "%8.1f  %@", median, query))
}
let overall = medians.sorted()[(medians.count - 1) / 2]
print(String(format: "median over %d queries: %.1f µs (target: under 50 µs)", medians.count, overall))

/// Seconds taken by `body`: the best of three runs, or one run when that takes over a second.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<3 where best < 1 || best == .infinity {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

print("Long pipelines: each `limit | where` pair and each `group | select` pair nests a subquery")
for stages in [100, 200, 400, 800] {
    let limited = "reminders" + String(repeating: " | limit 5 | where priority > 0", count: stages / 2)
    let grouped = "reminders" + String(repeating: " | group by priority | select priority, count() as n", count: stages / 2)
    var definitions = session.definitions
    let limitedTime = try seconds { _ = try DSL.compile(limited, catalog: catalog, definitions: &definitions) }
    let groupedTime = try seconds { _ = try DSL.compile(grouped, catalog: catalog, definitions: &definitions) }
    print(String(format: "%5d stages: limit | where %8.4f s   group | select %8.4f s", stages, limitedTime, groupedTime))
}

print("Chains of `let` queries, each reading the one before: defined one by one, then used")
for count in [100, 200, 400] {
    var definitions = session.definitions
    let defining = try seconds {
        definitions = session.definitions
        _ = try DSL.compile("let q0 = reminders | where priority > 0", catalog: catalog, definitions: &definitions)
        for index in 1..<count {
            _ = try DSL.compile("let q\(index) = q\(index - 1) | limit 5 | where priority > 0", catalog: catalog,
                                definitions: &definitions)
        }
    }
    let using = try seconds { _ = try DSL.compile("q\(count - 1) | count", catalog: catalog, definitions: &definitions) }
    print(String(format: "%5d lets: defining %8.4f s   using the last %8.4f s", count, defining, using))
}

print("Scalar subqueries inside each other, each too wide for one line: each prints once")
for depth in [3, 6, 9, 12, 15] {
    var query = "1"
    for _ in 0..<depth {
        query = "(reminders | where title > 'a title long enough to need lines of its own' | select v = \(query) | limit 1)"
    }
    var definitions = session.definitions
    let time = try seconds { _ = try DSL.compile("reminders | select x = " + query, catalog: catalog, definitions: &definitions) }
    print(String(format: "%5d deep: %8.4f s", depth, time))
}
