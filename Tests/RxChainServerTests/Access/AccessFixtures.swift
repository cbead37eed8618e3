import RxChainServer

/// Shared fixtures of the access tests.
enum AccessFixtures {
    /// A policy with the ready-made rules: personal logs, mailboxes, and three family kinds.
    static let standardPolicy = AccessPolicy(rules: [
        .personal(), .mailboxes(), .family("lists"), .family("groups"), .family("playbooks"),
    ])

    /// A fresh in-memory book and an access control over it.
    static func control(policy: AccessPolicy = standardPolicy) -> (LogBook, AccessControl) {
        let book = LogBook()
        return (book, AccessControl(book: book, policy: policy))
    }

    static func log(_ text: String) -> LogName { try! LogName(validating: text) }
    static func family(_ text: String) -> LogFamily { LogFamily(text)! }
}
