import Glibc
import RQLEngine

/// The checks that rql's fuzz targets run on each input, and that
/// `swift test` replays over the seed corpora and the crash inputs kept in
/// `Fuzz/<Target>/corpus` and `Fuzz/<Target>/crashes`. A check returns the
/// invariants that the input broke; a crash is a finding by itself.
public enum FuzzCheck: String, CaseIterable, Sendable {
    case dslCompiler = "DSLCompiler"
    case dslDifferential = "DSLDifferential"
    case commandReader = "CommandReader"
    case notebook = "Notebook"
    case renderer = "Renderer"
    case importReaders = "Import"
    case dump = "Dump"
    case chart = "Chart"
    case inspectors = "Inspectors"
    case serve = "Serve"

    /// libFuzzer's entry point for this check: when an invariant breaks, it
    /// says which on standard error and aborts, so that libFuzzer keeps the input.
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        let broken = problems(Array(UnsafeBufferPointer(start: data, count: size)))
        guard broken.isEmpty else {
            let message = Array((broken.joined(separator: "\n") + "\n").utf8)
            _ = write(2, message, message.count)
            abort()
        }
        return 0
    }

    /// The broken invariants, each said in a sentence; empty when all hold.
    public func problems(_ input: [UInt8]) -> [String] {
        switch self {
        case .dslCompiler: DSLCompilerCheck.problems(input)
        case .dslDifferential: DSLDifferentialCheck.problems(input)
        case .commandReader: CommandReaderCheck.problems(ForeignBytes.decode(input))
        case .notebook: NotebookTextCheck.problems(String(decoding: input, as: UTF8.self))
        case .renderer: RendererCheck.problems(input)
        case .importReaders: ImportReaderCheck.problems(input)
        case .dump: DumpRoundTripCheck.problems(input)
        case .chart: ChartCheck.problems(input)
        case .inspectors: InspectorCheck.problems(input)
        case .serve: ServeRequestCheck.problems(input)
        }
    }
}
