/// The checks that rql's fuzz targets run on each input, and that
/// `swift test` replays over the seed corpora and the crash inputs kept in
/// `Fuzz/<Target>/corpus` and `Fuzz/<Target>/crashes`. A check returns the
/// invariants that the input broke; a crash is a finding by itself.
public enum FuzzCheck: String, CaseIterable, Sendable {
    case dslCompiler = "DSLCompiler"
    case commandReader = "CommandReader"
    case notebook = "Notebook"
    case renderer = "Renderer"

    /// The broken invariants, each said in a sentence; empty when all hold.
    public func problems(_ input: [UInt8]) -> [String] {
        switch self {
        case .dslCompiler: DSLCompilerCheck.problems(input)
        case .commandReader: CommandReaderCheck.problems(String(decoding: input, as: UTF8.self))
        case .notebook: NotebookTextCheck.problems(String(decoding: input, as: UTF8.self))
        case .renderer: RendererCheck.problems(input)
        }
    }
}
