// swift-tools-version: 6.2
import PackageDescription

// The example server: RxChain's server core (`RxChainServer` over `RxChainServerStorage`,
// dependency-free, in the root package) embedded in Hummingbird 2, as a user's own server would
// embed it. This is the only package of the project that depends on a third-party package.
let package = Package(
    name: "RxChainExampleServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rxchain-server", targets: ["rxchain-server"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(name: "RxChain", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "rxchain-server",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "RxChainServer", package: "RxChain"),
                .product(name: "RxChainServerStorage", package: "RxChain"),
                "RxChainPostgres",
                .product(name: "TodoListsServer", package: "RxChain"),
                .product(name: "SharedExpensesServer", package: "RxChain"),
                .product(name: "TimeTrackingServer", package: "RxChain"),
            ]),
        // The PostgreSQL storage: the one layer over postgres-nio; it meets the storage contract of
        // RxChainServerStorage, whose rules (AppendRules) decide every append.
        .target(
            name: "RxChainPostgres",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "RxChainServerStorage", package: "RxChain"),
            ]),
        .testTarget(
            name: "RxChainPostgresTests",
            dependencies: [
                "RxChainPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "RxChainServer", package: "RxChain"),
                .product(name: "RxChainServerStorage", package: "RxChain"),
                .product(name: "RxChainServerTesting", package: "RxChain"),
                .product(name: "RxChainTesting", package: "RxChain"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
