/// The values a dot-command was given, read by its declaration: each value
/// checked and converted to what its kind says, found again by the value
/// that declares it.
struct DotArguments {
    /// The keyword the form given starts with (`set`), lowercased; nil for a
    /// form that starts with a value.
    var keyword: String?
    private var values: [String: [Given]] = [:]
    private var flags: Set<String> = []

    /// One value as its kind reads it.
    enum Given {
        case text(String)
        case number(Int)
        case bool(Bool)
    }

    mutating func add(_ given: Given, for value: DotValue) {
        values[value.name, default: []].append(given)
    }

    mutating func add(flag: String) {
        flags.insert(flag)
    }

    /// The word or text given for `value`: the first, when it repeats.
    func text(_ value: DotValue) -> String? {
        texts(value).first
    }

    /// The word or text given for a value the syntax requires.
    subscript(value: DotValue) -> String {
        text(value) ?? ""
    }

    /// Every word given for a repeated value, in order.
    func texts(_ value: DotValue) -> [String] {
        values[value.name, default: []].compactMap { given in
            if case .text(let text) = given { return text }
            return nil
        }
    }

    func number(_ value: DotValue) -> Int? {
        numbers(value).first
    }

    func numbers(_ value: DotValue) -> [Int] {
        values[value.name, default: []].compactMap { given in
            if case .number(let number) = given { return number }
            return nil
        }
    }

    /// What an `on|off` value says; false when it was not given.
    func isOn(_ value: DotValue) -> Bool {
        values[value.name]?.contains { given in
            if case .bool(true) = given { return true }
            return false
        } ?? false
    }

    /// The choice given for `value`, as the type whose raw values it lists.
    func choice<Choice: RawRepresentable>(_ value: DotValue, as type: Choice.Type) -> Choice? where Choice.RawValue == String {
        text(value).flatMap(Choice.init(rawValue:))
    }

    /// Whether the flag (`--full`) was given.
    func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }
}
