import RxChainServer

/// The access rules of the applications this example serves.
enum ExampleServerRules {
    static let rules: [AccessRule] = []
}
