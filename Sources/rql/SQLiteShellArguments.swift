import ArgumentParser
import RQLLanguage
import RQLRender

/// The sqlite3 shell's way of writing options, read as rql's: its
/// single-dash options (`-csv`, `-header`, `-cmd X`, `-version`) and its
/// mode options with two dashes (`--csv`) become rql's spellings before the
/// argument parser sees them, so one parser reads both habits. Anything
/// else that looks like an option and is not one is a usage error with a
/// suggestion, rather than a word split into letters (`-header` as `-h`).
enum SQLiteShellArguments {
    /// sqlite3's options without a value, by name, and what they are in rql.
    static let flags: [String: [String]] = [
        "header": ["--header"], "noheader": ["--no-header"], "bail": ["--bail"], "echo": ["--echo"],
        "readonly": ["--readonly"], "safe": ["--safe"], "batch": ["--batch"], "interactive": ["--interactive"],
        "version": ["--version"], "help": ["--help"],
    ]

    /// sqlite3's options that take a value.
    static let valued: [String: String] = [
        "separator": "--separator", "newline": "--newline", "nullvalue": "--nullvalue", "cmd": "--cmd", "init": "--init",
    ]

    /// rql's own options, and which of them take a value.
    static let rqlOptions: [String: Bool] = [
        "--sample": true, "--readonly": false, "--safe": false, "--mode": true, "--no-color": false, "--init": true,
        "--no-init": false, "-c": true, "--header": false, "--no-header": false, "--separator": true,
        "--newline": true, "--nullvalue": true, "--cmd": true, "--bail": false, "--echo": false, "--batch": false,
        "--interactive": false, "--version": false, "--help": false, "-h": false,
        // The argument parser's own: `make install` writes shell completions with it.
        "--generate-completion-script": true,
    ]

    /// The arguments with sqlite3's spellings turned into rql's. Option
    /// values are left as they are, and so is everything after `--`.
    static func translate(_ arguments: [String]) throws(ValidationError) -> [String] {
        var translated: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                translated += arguments[(index - 1)...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                translated.append(argument)
                continue
            }
            let name = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : String(argument.dropFirst())
            let mode = OutputMode(rawValue: name)
            if let takesValue = rqlOptions[argument] ?? rqlOptions[argument.split(separator: "=").first.map(String.init) ?? ""] {
                translated.append(argument)
                if takesValue, !argument.contains("="), index < arguments.count {
                    translated.append(arguments[index])
                    index += 1
                }
            } else if let mode {
                translated += ["--mode", mode.rawValue]
            } else if !argument.hasPrefix("--"), let spelled = flags[name] {
                translated += spelled
            } else if !argument.hasPrefix("--"), let option = valued[name] {
                translated.append(option)
                if index < arguments.count {
                    translated.append(arguments[index])
                    index += 1
                }
            } else {
                let known = rqlOptions.keys.filter { $0.count > 2 } + OutputMode.allCases.map { "--" + $0.rawValue }
                    + flags.keys.map { "-" + $0 } + valued.keys.map { "-" + $0 } + OutputMode.allCases.map { "-" + $0.rawValue }
                let suggestion = Suggestions.didYouMean(argument, in: known.sorted())
                throw ValidationError(.unknownOption(argument, suggestion: suggestion))
            }
        }
        return translated
    }
}
