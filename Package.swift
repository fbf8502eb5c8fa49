// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "rql",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "rql", targets: ["rql"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `rql serve`'s HTTP server: async/await on plain sockets, no SwiftNIO
        // (19 s of a clean build where Hummingbird took 2 min 18 s).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // C for the parts of SQLite that Swift cannot reach directly: the
        // variadic calls (sqlite3_snprintf, sqlite3_db_config), the
        // pre-update hook, a VFS whose clock is the session's, the
        // generate_series virtual table, and the interrupt a signal handler
        // sends. Exposes no SQLite types.
        .target(
            name: "CSQLiteSupport",
            linkerSettings: [.linkedLibrary("sqlite3")]),
        // Formatting and writing result rows; knows nothing of connections.
        // The values and spellings every module shares: a row value, SQL's
        // quoting, the kinds of chart.
        .target(name: "RQLValues"),
        .target(
            name: "RQLRender",
            dependencies: ["CSQLiteSupport", "RQLValues"]),
        // Text-level knowledge of rql's input languages; never touches SQLite.
        .target(name: "RQLLanguage", dependencies: ["RQLValues"], exclude: ["Compiler/README.md"]),
        // The sample databases, embedded in the binary.
        .target(
            name: "RQLSamples",
            path: "Samples",
            exclude: ["README.md"],
            resources: [
                .embedInCode("reminders.sql"),
                // The database reminders.sql makes up to its due dates, for
                // opening the sample without building it (SampleImageTests).
                .embedInCode("reminders.sqlite"),
                .embedInCode("reminders-app.sql"),
                .embedInCode("reminders-prelude.rql"),
                .embedInCode("employees.sql"),
                .embedInCode("attachments.sql"),
                // The sample notebooks, for `.tour NAME`.
                .embedInCode("notebooks/tour.rql"),
                .embedInCode("notebooks/triggers.rql"),
                .embedInCode("notebooks/views.rql"),
                .embedInCode("notebooks/fts.rql"),
                .embedInCode("notebooks/functions.rql"),
                .embedInCode("notebooks/json.rql"),
                .embedInCode("notebooks/employees.rql"),
                .embedInCode("notebooks/attachments.rql"),
                .embedInCode("notebooks/transactions.rql"),
                .embedInCode("notebooks/migrations.rql"),
                .embedInCode("notebooks/dsl.rql"),
                .embedInCode("notebooks/types.rql"),
                .embedInCode("notebooks/standalone.rql"),
                .embedInCode("notebooks/writes.rql"),
                .embedInCode("notebooks/connections.rql"),
                .embedInCode("notebooks/status.rql"),
                .embedInCode("notebooks/options.rql"),
                .embedInCode("notebooks/fts4.rql"),
                .embedInCode("notebooks/pictures.rql"),
            ]),
        // libedit (libedit-dev), reached only through LineEditor.
        .systemLibrary(
            name: "CLibEdit",
            providers: [.apt(["libedit-dev"])]),
        // The terminal line editor: prompt, history, completion, Ctrl-C.
        .target(
            name: "LineEditor",
            dependencies: ["CLibEdit", "RQLRender"]),
        // The session: connection, settings, commands, functions, samples.
        .target(
            name: "RQLEngine",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CSQLiteSupport",
                "RQLRender",
                "RQLLanguage",
                "RQLSamples",
                "RQLValues",
            ]),
        // Notebooks: parse and print (lossless), run, check, update, export.
        .target(
            name: "RQLNotebook",
            dependencies: ["RQLEngine", "RQLLanguage", "RQLRender", "RQLValues"]),
        // `rql serve`: notebooks as a local web page. The page's HTML, CSS
        // and JavaScript are embedded in the binary.
        .target(
            name: "RQLServe",
            dependencies: [
                "RQLNotebook", "RQLEngine", "RQLRender", "RQLValues",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            resources: [
                .embedInCode("Page/index.html"),
                .embedInCode("Page/page.css"),
                .embedInCode("Page/page.js"),
            ]),
        .executableTarget(
            name: "rql",
            dependencies: [
                "RQLNotebook",
                "RQLServe",
                "RQLEngine",
                "RQLLanguage",
                "LineEditor",
                "RQLValues",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // `make bench`: the DSL compile time of typical queries.
        .executableTarget(
            name: "rql-compile-bench",
            dependencies: ["RQLEngine", "RQLLanguage"],
            path: "Benchmarks/CompileTime"),
        // The invariants the fuzz targets check, shared with the test that
        // replays their seed corpora and kept crash inputs.
        .target(
            name: "RQLFuzzChecks",
            dependencies: [
                "RQLNotebook", "RQLEngine", "RQLLanguage", "RQLRender", "RQLSamples", "RQLValues", "RQLServe",
                // A plain connection of the checks' own, to make and read databases around what rql does.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Fuzz/Checks"),
        .testTarget(name: "RQLFuzzChecksTests", dependencies: ["RQLFuzzChecks"]),
        .testTarget(name: "RQLRenderTests", dependencies: ["RQLRender", "RQLValues"]),
        .testTarget(name: "RQLLanguageTests", dependencies: ["RQLLanguage", "RQLValues"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        .testTarget(
            name: "rqlTests",
            dependencies: ["rql", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "RQLServeTests",
            dependencies: ["RQLServe", "RQLNotebook", "RQLEngine"]),
        .testTarget(
            name: "RQLNotebookTests",
            dependencies: ["RQLNotebook", "RQLEngine", "RQLRender", "RQLValues"]),
        .testTarget(
            name: "RQLEngineTests",
            dependencies: [
                "RQLEngine",
                "RQLRender",
                "RQLValues",
                // StructuredQueries' test schema, which the DSL differential tester also reads.
                "RQLFuzzChecks",
                // A second connection of the tests' own, to lock a database file as another program would.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
    ]
)

// `make fuzz`: one libFuzzer executable per check, declared only when
// RQL_FUZZ is set, so that `swift build` and `swift test` never build them
// (their entry point is libFuzzer's, and they link only with -sanitize=fuzzer).
if Context.environment["RQL_FUZZ"] != nil {
    for name in ["DSLCompiler", "DSLDifferential", "CommandReader", "Notebook", "Renderer", "Import", "Dump", "Chart", "Inspectors", "Serve"] {
        package.targets.append(.executableTarget(
            name: "fuzz-\(name)", dependencies: ["RQLFuzzChecks"], path: "Fuzz/\(name)/Target"))
    }
}
