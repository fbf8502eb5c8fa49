import RQLEngine

/// `rql check --junit FILE`: the checks as JUnit XML, the report CI servers
/// read. One testsuite per notebook, one testcase per cell (named by its
/// `-- @name` or its line), the cell's diff as a failure, an unexpected
/// error as an error, `@skip` and `@requires` cells as skipped. For `rql
/// grade --junit FILE`, one testcase per exercise graded, a wrong answer
/// as a failure with the reason and the counterexample.
public struct JUnitReport {
    /// What one notebook gave: its check, or why it could not run.
    public enum Entry: Sendable {
        case checked(NotebookCheck)
        case unreadable(path: String, NotebookError)

        /// Whether the notebook failed: drift, an error, or not readable.
        public var fails: Bool {
            switch self {
            case .checked(let check): check.exitStatus != 0
            case .unreadable: true
            }
        }
    }

    /// The command the report is of: `rql check` or `rql grade`.
    public var command: String
    public var entries: [Entry] = []
    /// `rql grade`'s: each notebook with the grades of the answers to its exercises.
    public var grades: [(path: String, grades: [ExerciseGrader.Grade])] = []

    public init(command: String = "rql check") {
        self.command = command
    }

    public var xml: String {
        let suites = entries.map(Suite.init) + grades.map { Suite(path: $0.path, grades: $0.grades) }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"\(XML.escaped(command))\"" + Suite.counts(suites) + ">\n"
        for suite in suites { text += suite.xml }
        return text + "</testsuites>\n"
    }

    /// One testcase: its name, time and what went wrong, if anything.
    struct Case {
        enum Result {
            case passed
            case failed(message: String, body: String)
            case error(message: String, body: String)
            case skipped(String)
        }

        var name: String
        var seconds: Double
        var result: Result
    }

    struct Suite {
        var name: String
        var cases: [Case]

        init(_ entry: Entry) {
            switch entry {
            case .checked(let check):
                name = check.notebook.path
                cases = Suite.cases(of: check)
            case .unreadable(let path, let error):
                name = path
                cases = [Case(name: "the notebook", seconds: 0, result: .error(message: error.problem.message, body: error.description))]
            }
        }

        /// A testcase per exercise graded: a wrong answer fails with its explanation.
        init(path: String, grades: [ExerciseGrader.Grade]) {
            name = path
            cases = grades.map { grade in
                Case(name: grade.exercise, seconds: 0,
                     result: grade.isRight ? .passed : .failed(message: grade.report.first ?? "wrong",
                                                              body: grade.report.joined(separator: "\n")))
            }
        }

        static func cases(of check: NotebookCheck) -> [Case] {
            let notebook = check.notebook
            let unexpected = Set(check.unexpectedErrors), missing = Set(check.missingErrors), drifted = Set(check.drifted)
            let versionSkips = Set(check.run.skippedForVersion)
            return notebook.cells.indices.compactMap { index in
                let cell = notebook.cells[index]
                let outcome = check.run.outcomes[index]
                let seconds = outcome.map { Double($0.duration.components.attoseconds) / 1e18 + Double($0.duration.components.seconds) } ?? 0
                let result: Case.Result
                if unexpected.contains(index) {
                    result = .error(message: "unexpected error", body: (outcome?.lines ?? []).joined(separator: "\n"))
                } else if missing.contains(index) {
                    result = .failed(message: "expected an error", body: (outcome?.lines ?? []).joined(separator: "\n"))
                } else if drifted.contains(index) {
                    result = .failed(message: cell.recorded == nil ? "never recorded" : "output drifted", body: check.hunk(index))
                } else if cell.skipped {
                    result = .skipped("@skip")
                } else if versionSkips.contains(index) {
                    result = .skipped("@requires; this is SQLite \(Session.sqliteVersion)")
                } else if outcome != nil {
                    result = .passed
                } else {
                    // Not chosen by --only or --from, or after the end of the run.
                    return nil
                }
                let first = cell.command.text.prefix { $0 != "\n" }
                let name = cell.name.map { "\($0) (line \(cell.line))" } ?? "line \(cell.line): \(first.prefix(60))"
                return Case(name: name, seconds: seconds, result: result)
            }
        }

        var xml: String {
            var text = "  <testsuite name=\"\(XML.escaped(name))\"" + Suite.counts([self]) + ">\n"
            for testcase in cases {
                text += "    <testcase name=\"\(XML.escaped(testcase.name))\" classname=\"\(XML.escaped(name))\""
                text += " time=\"\(XML.seconds(testcase.seconds))\""
                switch testcase.result {
                case .passed:
                    text += "/>\n"
                    continue
                case .failed(let message, let body):
                    text += ">\n      <failure message=\"\(XML.escaped(message))\">\(XML.escaped(body))</failure>\n"
                case .error(let message, let body):
                    text += ">\n      <error message=\"\(XML.escaped(message))\">\(XML.escaped(body))</error>\n"
                case .skipped(let message):
                    text += ">\n      <skipped message=\"\(XML.escaped(message))\"/>\n"
                }
                text += "    </testcase>\n"
            }
            return text + "  </testsuite>\n"
        }

        /// ` tests="…" failures="…" errors="…" skipped="…" time="…"` over `suites`.
        static func counts(_ suites: [Suite]) -> String {
            var tests = 0, failures = 0, errors = 0, skipped = 0
            var seconds = 0.0
            for testcase in suites.flatMap(\.cases) {
                tests += 1
                seconds += testcase.seconds
                switch testcase.result {
                case .passed: break
                case .failed: failures += 1
                case .error: errors += 1
                case .skipped: skipped += 1
                }
            }
            return " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(XML.seconds(seconds))\""
        }
    }
}

/// Text as XML 1.0 carries it.
enum XML {
    /// `&`, `<`, `>` and quotes as entities; characters XML 1.0 cannot hold
    /// at all (control characters but tab and newline, lone surrogates'
    /// stand-ins, U+FFFE/U+FFFF) as U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && value != 0xFFFE && value != 0xFFFF
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// Seconds with three decimals, as JUnit reports write them.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
