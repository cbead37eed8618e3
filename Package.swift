// swift-tools-version: 6.0
import PackageDescription

// The engine, bottom up: each layer knows only the layers below it.
let system: [Target.Dependency] = ["RxChainSystem"]
let json: [Target.Dependency] = ["RxChainJSON"] + system
let core: [Target.Dependency] = ["RxChainCore", "Signals", "RxChainCollections"] + json
let logs: [Target.Dependency] = ["RxChainLogs"] + core
let remotes: [Target.Dependency] = ["RxChainRemotes"] + logs
let device: [Target.Dependency] = ["RxChainDevice"] + remotes

let package = Package(
    name: "RxChain",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // The engine: all of it through the umbrella, or only the layers an app needs.
        .library(name: "RxChain", targets: ["RxChain"]),
        .library(name: "RxChainJSON", targets: ["RxChainJSON"]),
        .library(name: "RxChainCollections", targets: ["RxChainCollections"]),
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "RxChainCore", targets: ["RxChainCore"]),
        .library(name: "RxChainLogs", targets: ["RxChainLogs"]),
        .library(name: "RxChainRemotes", targets: ["RxChainRemotes"]),
        .library(name: "RxChainDevice", targets: ["RxChainDevice"]),
        // The sync server's core, the four reference domains and their server sides.
        .library(name: "RxChainServerStorage", targets: ["RxChainServerStorage"]),
        .library(name: "RxChainServer", targets: ["RxChainServer"]),
        .library(name: "Ledger", targets: ["Ledger"]),
        .library(name: "TimeTracking", targets: ["TimeTracking"]),
        .library(name: "TodoLists", targets: ["TodoLists"]),
        .library(name: "SharedExpenses", targets: ["SharedExpenses"]),
        .library(name: "TimeTrackingServer", targets: ["TimeTrackingServer"]),
        .library(name: "TodoListsServer", targets: ["TodoListsServer"]),
        .library(name: "SharedExpensesServer", targets: ["SharedExpensesServer"]),
        // Scripted scenarios and the test kit.
        .library(name: "RxChainScenarios", targets: ["RxChainScenarios"]),
        .library(name: "RxChainTesting", targets: ["RxChainTesting"]),
        .library(name: "RxChainServerTesting", targets: ["RxChainServerTesting"]),
        .executable(name: "rxchain", targets: ["rxchain"]),
        .executable(name: "rxchain-bench", targets: ["rxchain-bench"]),
    ],
    targets: [
        // The engine. System (POSIX files and sockets, locks, thread hand-off, crypto, checksums) has
        // no product: it is the package's own.
        .target(name: "RxChainSystem"),
        .target(name: "RxChainJSON", dependencies: system),
        .target(name: "RxChainCollections", dependencies: system),
        .target(name: "Signals", dependencies: system),
        .target(name: "RxChainCore", dependencies: ["Signals", "RxChainCollections"] + json),
        .target(name: "RxChainLogs", dependencies: core),
        .target(name: "RxChainRemotes", dependencies: logs),
        .target(name: "RxChainDevice", dependencies: remotes),
        .target(name: "RxChain", dependencies: device),

        // The sync server's logic, without HTTP, on the system and JSON layers: its storage (named logs,
        // the storage contract, memory and the embedded journal), the API's OpenAPI document it serves
        // (no product: `package` only), and the rules (the book, accounts, access, routes).
        .target(name: "RxChainServerStorage", dependencies: json),
        .target(name: "RxChainServerOpenAPI", exclude: ["openapi.json"]),
        .target(name: "RxChainServer", dependencies: ["RxChainServerStorage", "RxChainServerOpenAPI"] + json),

        // The four reference applications: each domain is its rules, on the device layer...
        .target(name: "Ledger", dependencies: device),
        .target(name: "TimeTracking", dependencies: device),
        .target(name: "TodoLists", dependencies: device),
        .target(name: "SharedExpenses", dependencies: device),
        // ...their server sides, mounted by the example server...
        .target(
            name: "TimeTrackingServer", dependencies: ["RxChainServer", "RxChainServerStorage", "RxChainCore"] + json),
        .target(name: "TodoListsServer", dependencies: ["RxChainServer", "TodoLists"]),
        .target(name: "SharedExpensesServer", dependencies: ["RxChainServer", "SharedExpenses"] + json),

        // ...and the scenario language, its in-process server world, and each domain's steps.
        .target(name: "RxChainScenarios", dependencies: device),
        .target(
            name: "RxChainServerScenarios",
            dependencies: ["RxChainScenarios", "RxChainServer", "RxChainServerStorage"] + device),
        .target(name: "LedgerScenarios", dependencies: ["Ledger", "RxChainScenarios"] + device),
        .target(
            name: "TimeTrackingScenarios",
            dependencies: [
                "TimeTracking", "TimeTrackingServer", "RxChainServerScenarios", "RxChainScenarios", "RxChainServer",
            ]
                + device),
        .target(
            name: "TodoListsScenarios",
            dependencies: [
                "TodoLists", "TodoListsServer", "RxChainServerScenarios", "RxChainScenarios", "RxChainServer",
            ] + device),
        .target(
            name: "SharedExpensesScenarios",
            dependencies: [
                "SharedExpenses", "SharedExpensesServer", "RxChainServerScenarios", "RxChainScenarios", "RxChainServer",
            ]
                + device),

        // The test kits: reducers, properties, clocks and faults; and a server domain's example suites.
        .target(name: "RxChainTesting", dependencies: logs),
        .target(name: "RxChainScenarioTesting", dependencies: ["RxChainServerScenarios", "RxChainScenarios"]),
        // The storage contract's checks, run against every LogStorage (PostgreSQL's in Examples/Server).
        .target(name: "RxChainServerTesting", dependencies: ["RxChainServerStorage", "RxChainTesting"]),

        // The terminal front end and the benchmarks.
        .executableTarget(
            name: "rxchain",
            dependencies: [
                "Ledger", "TimeTracking", "TodoLists", "SharedExpenses", "RxChainScenarios", "RxChainServerScenarios",
                "LedgerScenarios", "TimeTrackingScenarios", "TodoListsScenarios", "SharedExpensesScenarios",
            ] + device),
        .executableTarget(
            name: "rxchain-bench",
            dependencies: [
                "Ledger", "TimeTracking", "TimeTrackingServer", "RxChainServer", "RxChainServerStorage",
                "RxChainTesting",
            ] + device),

        // What several test targets share: the toy register domain and a playbook fixture.
        .target(
            name: "RxChainTestFixtures", dependencies: ["RxChainScenarios", "RxChainTesting"] + device,
            path: "Tests/Fixtures"),
        // Tests mirror the modules; the CLI's and the real server's end-to-end tests are CLITests.
        .testTarget(name: "RxChainSystemTests", dependencies: ["RxChainTesting"] + system),
        .testTarget(name: "RxChainJSONTests", dependencies: ["RxChainTesting"] + json),
        .testTarget(name: "RxChainCollectionsTests", dependencies: ["RxChainCollections", "RxChainTesting"] + system),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "RxChainTesting"] + system),
        .testTarget(name: "RxChainCoreTests", dependencies: ["RxChain", "RxChainTesting"] + core),
        .testTarget(name: "RxChainLogsTests", dependencies: ["RxChainTestFixtures", "RxChainTesting"] + logs),
        .testTarget(name: "RxChainRemotesTests", dependencies: ["RxChainTestFixtures", "RxChainTesting"] + remotes),
        .testTarget(
            name: "RxChainDeviceTests",
            dependencies: ["RxChainTestFixtures", "RxChainScenarios", "RxChainTesting"] + device),
        .testTarget(
            name: "LedgerTests",
            dependencies: ["Ledger", "LedgerScenarios", "RxChainScenarios", "RxChainTesting"] + device),
        .testTarget(name: "RxChainTestingTests", dependencies: ["RxChainTesting"] + logs),
        .testTarget(name: "CLITests", dependencies: ["RxChain", "RxChainTesting", "TimeTracking"] + device),
        .testTarget(
            name: "RxChainServerTests",
            dependencies: ["RxChainServer", "RxChainServerStorage", "RxChainServerTesting", "RxChainTesting"] + json),
        .testTarget(
            name: "TodoListsTests",
            dependencies: [
                "TodoLists", "TodoListsServer", "TodoListsScenarios", "RxChainScenarios", "RxChainServerScenarios",
                "RxChainScenarioTesting", "RxChainServer", "RxChainServerStorage", "RxChainTesting",
            ] + device),
        .testTarget(
            name: "SharedExpensesTests",
            dependencies: [
                "SharedExpenses", "SharedExpensesServer", "SharedExpensesScenarios", "RxChainScenarios",
                "RxChainServerScenarios", "RxChainScenarioTesting", "RxChainServer", "RxChainServerStorage",
                "RxChainTesting",
            ] + device),
        .testTarget(
            name: "TimeTrackingTests",
            dependencies: [
                "TimeTracking", "TimeTrackingServer", "TimeTrackingScenarios", "RxChainScenarios",
                "RxChainServerScenarios", "RxChainScenarioTesting", "RxChainServer", "RxChainServerOpenAPI",
                "RxChainServerStorage", "RxChainTesting",
            ] + device),
        .testTarget(name: "BenchTests", dependencies: ["rxchain-bench", "RxChainTesting"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (see Fuzz/README.md): libFuzzer executables over the parsers that read outside
// bytes, declared only when RXCHAIN_FUZZ=1 (set by `.ci/fuzz`), so the package, its products and
// its normal builds are unchanged. Each lives in `Fuzz/<Name>/` with its seed corpus in `corpus/`.
if Context.environment["RXCHAIN_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzJSON", device),
        ("FuzzNDJSON", device),
        ("FuzzPlaybookLine", ["Ledger", "TimeTracking"] + device),
        ("FuzzServerLogEntry", ["TodoLists", "SharedExpenses"] + device),
        ("FuzzQueueRecovery", device),
        ("FuzzJournalRecovery", ["RxChainServer", "RxChainServerStorage"] + device),
        ("FuzzDirectoryRemote", device),
        (
            "FuzzScenario",
            [
                "Ledger", "TimeTracking", "TodoLists", "SharedExpenses", "RxChainScenarios", "LedgerScenarios",
                "TimeTrackingScenarios", "TodoListsScenarios", "SharedExpensesScenarios",
            ] + device
        ),
        ("FuzzS3", device),
        ("FuzzServerAnswer", device),
        ("FuzzLogServer", ["RxChainServer"] + device),
        ("FuzzSnapshot", ["Ledger", "TimeTracking"] + device),
    ]
    package.targets += [
        .target(name: "LibFuzzer", path: "Fuzz/LibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["LibFuzzer"] + system, path: "Fuzz/Support"),
    ]
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: ["FuzzSupport"] + target.dependencies, path: "Fuzz/\(target.name)",
                exclude: ["corpus"]))
    }
}
