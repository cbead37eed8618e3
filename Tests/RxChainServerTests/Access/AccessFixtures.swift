import RxChainServer
import RxChainServerStorage

/// Shared fixtures of the access tests.
enum AccessFixtures {
    /// A policy with the ready-made rules: personal logs, mailboxes, and three family kinds.
    static let standardPolicy = AccessPolicy(rules: [
        .personal(), .mailboxes(), .family("lists"), .family("groups"), .family("playbooks"),
    ])

    /// The accounts the access tests grant and revoke (only an account can be granted).
    static let users =
        ["alice", "bob", "carol", "dave", "mallory", "owner"] + (0..<16).map { "user\($0)" }
        + (0..<16).map { "member-e\($0)" }

    /// A fresh in-memory book with accounts named `users`, and an access control over both.
    static func control(policy: AccessPolicy = standardPolicy, users: [String] = users) async throws -> (
        LogBook, AccessControl
    ) {
        let book = LogBook()
        // One iteration: the stretch protects nothing here, and is tested on its own.
        let accounts = Accounts(book: book, key: .generate(), passwordIterations: 1)
        for user in users { try await accounts.signup(user: user, password: "password of \(user)") }
        return (book, AccessControl(book: book, policy: policy, accounts: accounts))
    }

    static func log(_ text: String) -> LogName { try! LogName(validating: text) }
    static func family(_ text: String) -> LogFamily { LogFamily(text)! }
}
