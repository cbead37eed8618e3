// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RxChain",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "RxChain", targets: ["RxChain"]),
        .library(name: "RxChainScenarios", targets: ["RxChainScenarios"]),
        .library(name: "Ledger", targets: ["Ledger"]),
        .library(name: "RxChainTesting", targets: ["RxChainTesting"]),
        .library(name: "RxChainServer", targets: ["RxChainServer"]),
        .library(name: "TodoLists", targets: ["TodoLists"]),
        .library(name: "SharedExpenses", targets: ["SharedExpenses"]),
        .library(name: "TimeTracking", targets: ["TimeTracking"]),
        .executable(name: "rxchain", targets: ["rxchain"]),
        .executable(name: "rxchain-bench", targets: ["rxchain-bench"]),
    ],
    targets: [
        .target(name: "Signals"),
        .target(name: "RxChain", dependencies: ["Signals"]),
        .target(name: "RxChainScenarios", dependencies: ["RxChain", "RxChainServer", "Signals"]),
        .target(name: "Ledger", dependencies: ["RxChain", "RxChainScenarios", "Signals"]),
        .target(name: "RxChainTesting", dependencies: ["RxChain", "RxChainScenarios", "Signals"]),
        .target(name: "RxChainServer", dependencies: ["RxChain", "Signals"]),
        .target(name: "TodoLists", dependencies: ["RxChain", "RxChainScenarios", "RxChainServer"]),
        .target(name: "SharedExpenses", dependencies: ["RxChain", "RxChainScenarios", "RxChainServer"]),
        .target(name: "TimeTracking", dependencies: ["RxChain", "RxChainScenarios", "RxChainServer"]),
        .executableTarget(
            name: "rxchain",
            dependencies: [
                "RxChain", "RxChainScenarios", "Ledger", "SharedExpenses", "Signals", "TimeTracking", "TodoLists",
            ]),
        .executableTarget(
            name: "rxchain-bench",
            dependencies: ["RxChain", "Ledger", "Signals", "RxChainTesting", "RxChainServer", "TimeTracking"]),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "RxChainTesting"]),
        .testTarget(name: "RxChainTests", dependencies: ["RxChain", "RxChainScenarios", "Signals", "RxChainTesting"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "RxChain", "RxChainScenarios", "RxChainTesting"]),
        .testTarget(name: "RxChainTestingTests", dependencies: ["RxChainTesting"]),
        .testTarget(name: "CLITests", dependencies: ["RxChain", "RxChainTesting", "Signals", "TimeTracking"]),
        .testTarget(name: "RxChainServerTests", dependencies: ["RxChainServer", "RxChainTesting"]),
        .testTarget(
            name: "TodoListsTests",
            dependencies: ["TodoLists", "RxChain", "RxChainScenarios", "RxChainServer", "RxChainTesting"]),
        .testTarget(
            name: "SharedExpensesTests",
            dependencies: ["SharedExpenses", "RxChain", "RxChainScenarios", "RxChainServer", "RxChainTesting"]),
        .testTarget(
            name: "TimeTrackingTests",
            dependencies: ["TimeTracking", "RxChain", "RxChainScenarios", "RxChainServer", "RxChainTesting"]),
        .testTarget(name: "BenchTests", dependencies: ["rxchain-bench"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (see Fuzz/README.md): libFuzzer executables over the parsers that read outside
// bytes, declared only when RXCHAIN_FUZZ=1 (set by `.ci/fuzz`), so the package, its products and
// its normal builds are unchanged. Each lives in `Fuzz/<Name>/` with its seed corpus in `corpus/`.
if Context.environment["RXCHAIN_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzJSON", ["RxChain"]),
        ("FuzzNDJSON", ["RxChain"]),
        ("FuzzPlaybookLine", ["RxChain", "Ledger", "TimeTracking"]),
        ("FuzzServerLogEntry", ["RxChain", "TodoLists", "SharedExpenses"]),
        ("FuzzQueueRecovery", ["RxChain"]),
        ("FuzzJournalRecovery", ["RxChain", "RxChainServer"]),
        ("FuzzDirectoryRemote", ["RxChain"]),
        ("FuzzScenario", ["RxChain", "RxChainScenarios", "Ledger", "TimeTracking", "TodoLists", "SharedExpenses"]),
        ("FuzzS3", ["RxChain"]),
        ("FuzzServerAnswer", ["RxChain"]),
        ("FuzzLogServer", ["RxChain", "RxChainServer"]),
        ("FuzzSnapshot", ["RxChain", "Ledger", "TimeTracking"]),
    ]
    package.targets += [
        .target(name: "LibFuzzer", path: "Fuzz/LibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["LibFuzzer", "RxChain"], path: "Fuzz/Support"),
    ]
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: ["FuzzSupport"] + target.dependencies, path: "Fuzz/\(target.name)",
                exclude: ["corpus"]))
    }
}
