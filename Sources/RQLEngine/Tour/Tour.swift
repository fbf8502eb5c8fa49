import RQLSamples

/// A sample notebook walked through at the prompt, one step at a time
/// (`.tour NAME`): each step is the notebook's prose before a cell, said
/// as narration, then the cell's command, which Enter runs.
public struct Tour: Sendable {
    public struct Step: Equatable, Sendable {
        /// The prose before the command, as written (Markdown), without the `-- `.
        public var narration: [String]
        public var command: Command
        /// The exercise the step is (`-- @exercise NAME`): its command is the
        /// answer, kept back while the learner writes theirs.
        public var exercise: String?

        public init(narration: [String], command: Command, exercise: String? = nil) {
            self.narration = narration
            self.command = command
            self.exercise = exercise
        }
    }

    public let name: String
    /// The database it runs on, opened fresh when the tour starts.
    public let target: DatabaseTarget
    public let steps: [Step]
    /// The step Enter runs next, from 0.
    public internal(set) var position = 0

    public init(name: String, target: DatabaseTarget, steps: [Step]) {
        self.name = name
        self.target = target
        self.steps = steps
    }

    /// The exercise the next step is, while the learner answers it.
    public var exercise: String? { position < steps.count ? steps[position].exercise : nil }

    /// The sample notebooks there are tours of, in course order.
    public static let names = SampleFiles.notebooks.map(\.name)

    /// The text of the sample notebook `name`.
    public static func notebook(named name: String) -> String? {
        SampleFiles.notebooks.first { $0.name == name }?.text
    }

    /// Whether `command` is for the session the tour was started from
    /// (`.tour`, `.record`, `.quit`), not for the tour's own.
    static func isOwnCommand(_ command: Command) -> Bool {
        guard command.language == .dot else { return false }
        let name = command.text.dropFirst().prefix { !$0.isWhitespace }.lowercased()
        return ["tour", "record", "quit", "exit"].contains(name)
    }
}
