import ArgumentParser
import RQLEngine
import RQLRender

/// What can be wrong with a command line, each worded here once. Thrown as
/// a `ValidationError`, which swift-argument-parser prints with the usage.
enum UsageProblem {
    case unknownOption(String, suggestion: String?)
    /// Two options, or an argument and an option, that exclude each other.
    case eitherOr(String, String)
    case readonlySample
    case unknownMode(String)
    case unknownSample(String)
    case compileGivenSQL(String)
    case compileGivenDotCommand(String)
    case parameterForm
    case onlyAndFrom
    case onlyForm
    case jobs
    /// An option that would write over the notebook it reads: the option,
    /// its file, the notebook and what it writes.
    case overwritesNotebook(option: String, file: String, notebook: String, writes: String)
    /// An option of `rql export` that does something only with `--execute`.
    case withoutExecute(String)
    /// `rql grade` without `--exercise` and `--answer`, or `--answers`.
    case gradeWhat
    case gradeTries
    /// `rql serve` given something that is neither a notebook nor a folder.
    case serveWhat(String)
    /// `rql serve --db FILE` with a file that cannot be read.
    case serveDatabase(String)

    var message: String {
        switch self {
        case .unknownOption(let option, let suggestion): return "unknown option '\(option)'" + (suggestion.map { "; " + $0 } ?? "")
        case .eitherOr(let first, let second): return "give either \(first) or \(second), not both"
        case .readonlySample: return "--readonly applies to a DATABASE file; samples are private copies already"
        case .unknownMode(let mode):
            return "unknown mode '\(mode)'; modes: \(OutputMode.allCases.map(\.rawValue).joined(separator: " "))"
        case .unknownSample(let name): return "no sample named '\(name)'; samples: \(Sample.names.joined(separator: " "))"
        case .compileGivenSQL(let query): return "rql compile takes a DSL query; SQL runs as it is: rql -c '\(query)'"
        case .compileGivenDotCommand(let query): return "rql compile takes a DSL query, not a dot-command: rql -c '\(query)'"
        case .parameterForm: return "-p takes NAME=VALUE, as in -p list=Business or -p limit=5"
        case .onlyAndFrom: return "--only and --from choose cells two ways: give one of them"
        case .onlyForm: return "--only takes cell names separated by commas, as in --only totals,by-list"
        case .jobs: return "-j takes a number of notebooks from 1 to 64"
        case .overwritesNotebook(let option, let file, let notebook, let writes):
            return "\(option) \(file) would overwrite the notebook \(notebook): write \(writes) elsewhere"
        case .withoutExecute(let option): return "\(option) goes with --execute: without it nothing runs"
        case .gradeWhat: return "give --exercise NAME with --answer QUERY, or --answers FILE.rql"
        case .gradeTries: return "--tries takes a number of databases from 1 to 100000"
        case .serveWhat(let path): return "\(path) is neither a .rql notebook nor a folder"
        case .serveDatabase(let path): return "--db \(path): no database file can be read there"
        }
    }
}

extension ValidationError {
    init(_ problem: UsageProblem) {
        self.init(problem.message)
    }
}
