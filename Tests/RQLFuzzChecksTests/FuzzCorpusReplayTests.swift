import Foundation
import Testing
import RQLFuzzChecks

/// Every seed and every kept crash input of the fuzz targets, through the
/// same checks the targets run: what fuzzing found stays fixed.
@Suite struct FuzzCorpusReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ check: FuzzCheck) -> [URL] {
        ["corpus", "crashes"].flatMap { folder -> [URL] in
            let url = fuzzFolder.appendingPathComponent(check.rawValue).appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.sorted().map { url.appendingPathComponent($0) }
        }
    }

    @Test(arguments: FuzzCheck.allCases)
    func everyKeptInputPasses(check: FuzzCheck) throws {
        let files = Self.inputs(check)
        #expect(files.count >= 10, "\(check.rawValue) has few seeds")
        for file in files {
            let input = try [UInt8](Data(contentsOf: file))
            #expect(check.problems(input).isEmpty, "\(check.rawValue)/\(file.lastPathComponent)")
        }
    }
}
