import RxChainServer
import RxChainServerStorage
import Testing
import TodoListsServer

/// The TODO spec's access rules, walked through its sharing flow.
@Suite struct TodoListsAccessRulesTests {
    let book = LogBook()
    let access: AccessControl
    let list = LogFamily("lists/L1")!

    init() {
        access = AccessControl(
            book: book, policy: TodoListsAccessRules.policy,
            accounts: Accounts(book: book, key: .generate(), passwordIterations: 1))
    }

    func log(_ text: String) -> LogName { try! LogName(validating: text) }

    func decide(_ user: String, _ operation: AccessOperation, _ text: String) async throws -> Bool {
        try await access.decide(user: user, operation: operation, log: log(text)).isAllowed
    }

    @Test func onlyTheUserReadsAndWritesTheirGlobalLog() async throws {
        #expect(try await decide("alice", .append, "users/alice/actions"))
        #expect(try await decide("alice", .read, "users/alice/actions"))
        #expect(try await decide("bob", .read, "users/alice/actions") == false)
        #expect(try await decide("bob", .append, "users/alice/actions") == false)
    }

    @Test func nobodyWritesIntoAnotherUsersMailbox() async throws {
        #expect(try await decide("alice", .append, "requests/alice/to/bob"))
        #expect(try await decide("bob", .append, "requests/alice/to/bob") == false)
        #expect(try await decide("carol", .append, "requests/alice/to/bob") == false)
    }

    @Test func nobodyReadsAMailboxAddressedToSomeoneElse() async throws {
        #expect(try await decide("bob", .read, "requests/alice/to/bob"))
        #expect(try await decide("alice", .read, "requests/alice/to/bob"))
        #expect(try await decide("carol", .read, "requests/alice/to/bob") == false)
    }

    @Test func theListsCreatorOwnsItAndNobodyAddsThemselves() async throws {
        #expect(try await decide("alice", .append, "lists/L1/actions"))
        #expect(access.owner(of: list) == "alice")
        #expect(try await decide("mallory", .append, "lists/L1/actions") == false)
        await #expect(throws: AccessError.notOwner(list)) {
            try await access.grant(family: list, user: "mallory", by: "mallory")
        }
        #expect(try await decide("mallory", .read, "lists/L1/actions") == false)
    }

    @Test func sharingGrantsAndRevokingEndsAccess() async throws {
        // 1. alice creates L1 and shares it with bob: a request in her mailbox to bob, and a grant.
        #expect(try await decide("alice", .append, "lists/L1/actions"))
        #expect(try await decide("alice", .append, "requests/alice/to/bob"))
        try await access.accounts.signup(user: "bob", password: "password of bob")
        try await access.grant(family: list, user: "bob", by: "alice")
        // 2. bob reads the request, acknowledges in his mailbox to alice, and uses the list.
        #expect(try await decide("bob", .read, "requests/alice/to/bob"))
        #expect(try await decide("bob", .append, "requests/bob/to/alice"))
        #expect(try await decide("bob", .read, "lists/L1/actions"))
        #expect(try await decide("bob", .append, "lists/L1/actions"))
        #expect(try await decide("carol", .read, "lists/L1/actions") == false)
        // 3. alice revokes: the server ends bob's access at once.
        try await access.revoke(family: list, user: "bob", by: "alice")
        #expect(try await decide("bob", .read, "lists/L1/actions") == false)
        #expect(try await decide("bob", .append, "lists/L1/actions") == false)
        #expect(try await decide("alice", .append, "lists/L1/actions"))
    }

    @Test func onlyListsAreSharedFamilies() {
        #expect(TodoListsAccessRules.policy.familyKinds == ["lists"])
    }
}
