/// The command lines rql is most often started with (`rql`, `rql FILE`,
/// `rql FILE -c 'select 1'`, `rql --no-init --mode csv FILE SQL`), read
/// without swift-argument-parser: its parse reflects over `Shell`'s
/// declaration and looks protocol conformances up at run time, which took
/// half of the instructions of `rql FILE -c 'select 1'`.
///
/// Only words whose meaning is plain are read here: `Shell`'s options, each
/// once (`-c` and `--cmd` any number of times), with a value that does not
/// start with `-`, and positional words that do not start with `-`, after
/// `SQLiteShellArguments` has put sqlite3's spellings into rql's. Anything
/// else (help, a version, completion scripts, `--`, `--name=value`, a
/// repeated option, options that do not go together) is nil: the parser
/// reads it and words what is wrong. A test checks that both read the same
/// options from the command lines this reads.
enum QuickShellArguments {
    static func options(_ arguments: [String]) -> ShellOptions? {
        var options = ShellOptions()
        var positional: [String] = []
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-") else {
                positional.append(word)
                continue
            }
            guard let takesValue = SQLiteShellArguments.rqlOptions[word] else { return nil }
            var value = ""
            if takesValue {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            let once = word == "--no-header" ? "--header" : word
            guard word == "-c" || word == "--cmd" || seen.insert(once).inserted else { return nil }
            switch word {
            case "-c": options.commands.append(value)
            case "--cmd": options.startCommands.append(value)
            case "--sample": options.sample = value
            case "--mode": options.mode = value
            case "--init": options.initFile = value
            case "--separator": options.separator = value
            case "--newline": options.newline = value
            case "--nullvalue": options.nullvalue = value
            case "--readonly": options.readonly = true
            case "--safe": options.safe = true
            case "--no-color": options.noColor = true
            case "--no-init": options.noInit = true
            case "--header": options.header = true
            case "--no-header": options.header = false
            case "--bail": options.bail = true
            case "--echo": options.echo = true
            case "--batch": options.batch = true
            case "--interactive": options.interactive = true
            default: return nil
            }
        }
        options.database = positional.first
        options.trailingCommands = Array(positional.dropFirst())
        guard (try? options.validate()) != nil else { return nil }
        return options
    }
}
