extension DotSyntax {
    /// Reads the words after a command's name by the form they fit. A form
    /// that starts with a keyword is tried alone when the first word is that
    /// keyword; otherwise the forms that start with a value, in order. When
    /// no form fits, the error is that of a form whose words had the right
    /// shape but a bad value, else the usage.
    ///
    /// `line` is the text the words were split from, for values taken as written.
    func parse(_ words: [DotCommandWords.Word], in line: String, for command: DotCommand) throws -> DotArguments {
        let first = words.first?.text.lowercased()
        let keyed = forms.filter { $0.keyword != nil && $0.keyword == first }
        var badValue: CommandError?
        for form in keyed.isEmpty ? forms.filter({ $0.keyword == nil }) : keyed {
            do {
                return try DotFormReader(form: form, command: command, line: line).read(words)
            } catch .badValue(let error) {
                badValue = badValue ?? error
            } catch .unknownFlag(let flag) {
                badValue = badValue ?? CommandError(.unknownFlag(command: "." + command.name, flag: flag, usage: command.usage))
            } catch .shape {
                continue
            }
        }
        throw badValue ?? command.usageError()
    }
}

extension [DotPart] {
    /// The keyword a form starts with, if it starts with one.
    var keyword: String? {
        if case .keyword(let word)? = first { return word }
        return nil
    }
}

/// Reads the words of one dot-command by one of its forms.
private struct DotFormReader {
    let form: [DotPart]
    let command: DotCommand
    let line: String

    enum Failure: Error {
        /// The words do not have the form's shape.
        case shape
        /// A flag the form does not declare.
        case unknownFlag(String)
        case badValue(CommandError)
    }

    func read(_ words: [DotCommandWords.Word]) throws(Failure) -> DotArguments {
        var arguments = DotArguments()
        arguments.keyword = form.keyword
        let positional = try readFlags(words, into: &arguments)
        try readPositional(positional, into: &arguments)
        return arguments
    }

    /// Takes the declared flags and options out of `words`, recording them;
    /// returns the words left. A form that declares none has none.
    private func readFlags(_ words: [DotCommandWords.Word], into arguments: inout DotArguments) throws(Failure) -> [DotCommandWords.Word] {
        let declared = form.flatMap(\.flags)
        guard !declared.isEmpty else { return words }
        var left: [DotCommandWords.Word] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            guard word.text.hasPrefix("--") else {
                left.append(word)
                continue
            }
            guard let flag = declared.first(where: { $0.name == word.text }) else { throw .unknownFlag(word.text) }
            try refuseSecond(of: flag.name, in: arguments)
            arguments.add(flag: flag.name)
            if let value = flag.value {
                guard let given = rest.popFirst() else { throw .shape }
                arguments.add(try read(given.text, as: value, for: flag.name), for: value)
            }
        }
        return left
    }

    /// A flag given twice, or two of one `oneOf`, do not fit.
    private func refuseSecond(of flag: String, in arguments: DotArguments) throws(Failure) {
        let group = form.lazy.map { $0.flags.map(\.name) }.first { $0.contains(flag) } ?? [flag]
        if group.contains(where: arguments.has) { throw .shape }
    }

    /// Matches the words left to the keywords and values, in order: the
    /// required ones first take a word each, the optional ones in order
    /// take what is left, then a repeated value the rest.
    private func readPositional(_ words: [DotCommandWords.Word], into arguments: inout DotArguments) throws(Failure) {
        var spare = words.count - form.reduce(0) { $0 + $1.requiredWords }
        guard spare >= 0, form.takesAnyNumber || spare <= form.count(where: \.isOptional) else { throw .shape }
        var next = words[...]
        for part in form {
            switch part {
            case .keyword(let keyword):
                guard next.popFirst()?.text.lowercased() == keyword else { throw .shape }
            case .value(let value) where value.kind.takesRest, .optional(let value) where value.kind.takesRest:
                guard !next.isEmpty else { continue }
                try readRest(next, as: value, into: &arguments)
                (next, spare) = ([], 0)
            case .value(let value):
                guard let word = next.popFirst() else { throw .shape }
                arguments.add(try read(word.text, as: value), for: value)
            case .optional(let value):
                guard spare > 0, let word = next.popFirst() else { continue }
                spare -= 1
                arguments.add(try read(word.text, as: value), for: value)
            case .repeated(let value, let minimum):
                for word in next.prefix(minimum + spare) { arguments.add(try read(word.text, as: value), for: value) }
                next = next.dropFirst(minimum + spare)
                spare = 0
            case .flag, .option, .oneOf: continue
            }
        }
        guard next.isEmpty else { throw .shape }
    }

    /// A value that takes the rest of the line, from `words`' first word on, as written.
    private func readRest(_ words: ArraySlice<DotCommandWords.Word>, as value: DotValue,
                          into arguments: inout DotArguments) throws(Failure) {
        guard let first = words.first else { return }
        let written = String(line[first.start...]).trimmingTrailingWhitespace()
        if case .fileOrPipe = value.kind, !written.hasPrefix("|") {
            guard words.count == 1 else { throw .shape }
            return arguments.add(.text(first.text), for: value)
        }
        arguments.add(.text(written), for: value)
    }

    /// One word as `value`'s kind reads it. An error names `subject`: the
    /// option the value follows, else the command.
    private func read(_ word: String, as value: DotValue, for subject: String? = nil) throws(Failure) -> DotArguments.Given {
        let name = subject ?? "." + command.name
        switch value.kind {
        case .word, .text, .fileOrPipe:
            return .text(word)
        case .onOff:
            guard let isOn = DotValue.reading(onOff: word) else { throw .badValue(CommandError(.notOnOff(command: name, given: word))) }
            return .bool(isOn)
        case .number(let range, let noun):
            guard let number = Int(word), range.contains(number) else {
                throw .badValue(CommandError(.notANumber(command: name, expected: noun, given: word)))
            }
            return .number(number)
        case .choice(let choices, let noun):
            guard choices.contains(word.lowercased()) else {
                throw .badValue(CommandError(.notAChoice(command: name, choices: choices, noun: noun, given: word)))
            }
            return .text(word.lowercased())
        }
    }
}

extension [DotPart] {
    /// A repeated value or one that takes the rest of the line takes any
    /// number of words.
    var takesAnyNumber: Bool {
        contains { part in
            switch part {
            case .repeated: return true
            case .value(let value), .optional(let value): return value.kind.takesRest
            case .keyword, .flag, .option, .oneOf: return false
            }
        }
    }
}

extension DotPart {
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// How many words the part needs at least.
    var requiredWords: Int {
        switch self {
        case .keyword, .value: return 1
        case .repeated(_, let minimum): return minimum
        case .optional, .flag, .option, .oneOf: return 0
        }
    }
}

extension DotValue.Kind {
    /// It takes the rest of the line as written.
    var takesRest: Bool {
        switch self {
        case .text, .fileOrPipe: return true
        case .word, .onOff, .number, .choice: return false
        }
    }
}

extension DotValue {
    /// `on`, `yes`, `1`, `true` and `off`, `no`, `0`, `false`, in any case.
    static func reading(onOff word: String) -> Bool? {
        switch word.lowercased() {
        case "on", "yes", "1", "true": return true
        case "off", "no", "0", "false": return false
        default: return nil
        }
    }
}
