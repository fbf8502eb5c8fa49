import ArgumentParser
import FoundationEssentials
import Glibc
import RQLEngine
import RQLRender

/// `rql samples list` and `rql samples write NAME FILE`.
struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rql samples",
        abstract: "List the sample databases, or write one to a file.",
        subcommands: [List.self, Write.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the samples rql embeds.")

        func run() throws {
            let output = ByteOutput.standard(STDOUT_FILENO)
            output.write(Sample.listing)
            try finish(output)
        }
    }

    struct Write: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Build a sample into a new database file.")

        @Argument(help: "The sample: \(Sample.names.joined(separator: ", ")).")
        var name: String

        @Argument(help: "The file to create; it must not exist.")
        var file: String

        func validate() throws {
            if Sample.named(name) == nil {
                throw ValidationError(.unknownSample(name))
            }
        }

        func run() throws {
            guard let sample = Sample.named(name) else { return }
            do {
                try sample.write(to: file)
            } catch let error as CommandError {
                printError(error.message)
                throw ExitCode(2)
            }
        }
    }
}
