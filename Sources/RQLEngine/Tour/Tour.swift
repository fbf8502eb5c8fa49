import RQLSamples

/// A sample notebook walked through at the prompt, one step at a time
/// (`.tour NAME`): each step is the notebook's prose before a cell, said
/// as narration, then the cell's command, which Enter runs.
public struct Tour: Sendable {
    public struct Step: Equatable, Sendable {
        /// The prose before the command, as written (Markdown), without the `-- `.
        public var narration: [String]
        public var command: Command

        public init(narration: [String], command: Command) {
            self.narration = narration
            self.command = command
        }
    }

    public let name: String
    /// The database it runs on, opened fresh when the tour starts.
    public let target: DatabaseTarget
    public let steps: [Step]
    /// The step Enter runs next, from 0.
    public internal(set) var position = 0
    /// The settings before the tour (`.mode`, `.sql on`, …), put back when it ends.
    var settingsBefore: SessionSettings?

    public init(name: String, target: DatabaseTarget, steps: [Step]) {
        self.name = name
        self.target = target
        self.steps = steps
    }

    /// The sample notebooks there are tours of, in course order.
    public static let names = SampleFiles.notebooks.map(\.name)

    /// The text of the sample notebook `name`.
    static func notebook(named name: String) -> String? {
        SampleFiles.notebooks.first { $0.name == name }?.text
    }
}
