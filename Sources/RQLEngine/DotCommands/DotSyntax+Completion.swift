extension DotSyntax {
    /// What may be written after `typed`, the words before the one Tab
    /// completes: the keywords, the flags not given yet, and the values
    /// that fit at that place in some form.
    func offered(after typed: [String]) -> (words: [String], flags: [String], values: [DotValue]) {
        let first = typed.first?.lowercased()
        let keyed = forms.filter { $0.keyword != nil && $0.keyword == first }
        let candidates = typed.isEmpty ? forms : keyed.isEmpty ? forms.filter { $0.keyword == nil } : keyed
        var offered: (words: [String], flags: [String], values: [DotValue]) = ([], [], [])
        for form in candidates {
            let declared = form.flatMap(\.flags)
            if let last = typed.last, let value = declared.first(where: { $0.name == last })?.value {
                offered.values.append(value)
                continue
            }
            offered.flags += declared.map(\.name).filter { !typed.contains($0) }
            let fitting = form.fitting(at: form.position(after: typed))
            offered.words += fitting.words
            offered.values += fitting.values
        }
        return offered
    }
}

extension [DotPart] {
    /// How many keywords and values `typed` holds, not counting the flags
    /// and the values of options.
    fileprivate func position(after typed: [String]) -> Int {
        let declared = flatMap(\.flags)
        var position = 0
        var words = typed[...]
        while let word = words.popFirst() {
            if let flag = declared.first(where: { $0.name == word }) {
                if flag.value != nil { _ = words.popFirst() }
            } else {
                position += 1
            }
        }
        return position
    }

    /// The keywords and values that can be the word at `position`: each part
    /// that the words before it, at least and at most, can bring there.
    fileprivate func fitting(at position: Int) -> (words: [String], values: [DotValue]) {
        var fitting: (words: [String], values: [DotValue]) = ([], [])
        var least = 0
        var most: Int? = 0
        for part in self {
            let fits = least <= position && most.map { position <= $0 } ?? true
            switch part {
            case .keyword(let word):
                if fits { fitting.words.append(word) }
                least += 1
                most = most.map { $0 + 1 }
            case .value(let value), .optional(let value):
                if fits { fitting.values.append(value) }
                if case .value = part { least += 1 }
                most = value.kind.takesRest ? nil : most.map { $0 + 1 }
            case .repeated(let value, let minimum):
                if least <= position { fitting.values.append(value) }
                least += minimum
                most = nil
            case .flag, .option, .oneOf:
                continue
            }
        }
        return fitting
    }
}
