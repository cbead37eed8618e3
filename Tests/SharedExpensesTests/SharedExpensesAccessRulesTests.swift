import RxChainServer
import RxChainServerStorage
import SharedExpensesServer
import Testing

/// The expenses spec's server checks: group membership from the creating operation, and friend
/// operations in mailboxes.
@Suite struct SharedExpensesAccessRulesTests {
    let book = LogBook()
    let access: AccessControl
    let group = LogFamily("groups/G1")!
    let operations = try! LogName(validating: "groups/G1/operations")

    init() {
        // No accounts: the hook's grants name participants, which need none; only explicit grants do.
        let accounts = Accounts(book: book, key: .generate(), passwordIterations: 1)
        access = AccessControl(book: book, policy: SharedExpensesAccessRules.policy, accounts: accounts)
    }

    static func creation(
        id: String = "op1", author: String = "alice", group: String = "G1",
        participants: String = #"["alice","bob","carol"]"#
    ) -> [UInt8] {
        Array(
            (#"{"operationId":"\#(id)","createdAt":1700000000000,"authorId":"\#(author)","#
                + #""type":"createSpendingGroup","payload":{"groupId":"\#(group)","participants":\#(participants)}}"#)
                .utf8)
    }

    /// Appends as the server does: decide, append, run the hooks. Returns the changes applied, or
    /// `nil` when the append was refused.
    @discardableResult
    func serverAppend(_ user: String, id: String, body: [UInt8], to log: LogName? = nil) async throws
        -> [MembershipChange]?
    {
        let log = log ?? operations
        guard try await access.decide(user: user, operation: .append, log: log).isAllowed else { return nil }
        try await book.append(to: log, id: id, body: body, creator: user)
        return try await access.appendAccepted(to: log, id: id, body: body, creator: user)
    }

    @Test func theParticipantsOfTheCreatingOperationBecomeMembers() async throws {
        let changes = try await serverAppend("alice", id: "op1", body: Self.creation())
        #expect(changes == [.grant("bob"), .grant("carol")])
        #expect(access.owner(of: group) == "alice")
        #expect(access.members(of: group) == ["alice", "bob", "carol"])
        for user in ["bob", "carol"] {
            #expect(try await access.decide(user: user, operation: .read, log: operations) == .allowed)
            #expect(try await access.decide(user: user, operation: .append, log: operations) == .allowed)
        }
    }

    @Test func aNonMembersAppendToAGroupIsRefusedAndWritesNothing() async throws {
        try await serverAppend("alice", id: "op1", body: Self.creation())
        let spending = Array(#"{"operationId":"op2","type":"createSpending","authorId":"dave"}"#.utf8)
        #expect(try await serverAppend("dave", id: "op2", body: spending) == nil)
        #expect(book.revision(of: operations) == 1)
        let read = try await access.decide(user: "dave", operation: .read, log: operations)
        #expect(read == .refused(reason: "you are not a member of groups/G1"))
    }

    @Test func aMembersOwnCreatingOperationBringsNobodyIn() async throws {
        try await serverAppend("alice", id: "op1", body: Self.creation())
        let sneaky = Self.creation(id: "op2", author: "bob", participants: #"["bob","mallory"]"#)
        #expect(try await serverAppend("bob", id: "op2", body: sneaky) == [])
        #expect(access.members(of: group) == ["alice", "bob", "carol"])
    }

    @Test(
        arguments: [
            ("someone else as author", creation(author: "bob")),
            ("another group's id", creation(group: "G2")),
            ("author not a participant", creation(participants: #"["bob","carol"]"#)),
            ("fewer than two participants", creation(participants: #"["alice","alice"]"#)),
            ("participants not strings", creation(participants: #"["alice",7]"#)),
            ("participants not an array", creation(participants: #""bob""#)),
            ("another operation type", Array(#"{"type":"deleteSpendingGroup","authorId":"alice","payload":{}}"#.utf8)),
            ("not JSON", Array("createSpendingGroup".utf8)),
            (
                // Devices cannot read it (ExpenseOperation(json:), the one codec), so it grants nothing either.
                "no createdAt",
                Array(
                    #"{"operationId":"op1","authorId":"alice","type":"createSpendingGroup","payload":{"groupId":"G1","participants":["alice","bob"]}}"#
                        .utf8)
            ),
        ] as [(String, [UInt8])])
    func anythingButAValidCreatingOperationGrantsNothing(_ why: String, body: [UInt8]) async throws {
        let changes = try await serverAppend("alice", id: "op1", body: body)
        #expect(changes == [], "\(why)")
        #expect(access.members(of: group) == ["alice"], "\(why)")
    }

    @Test func aRepeatedCreatingAppendDoesNotUndoARevoke() async throws {
        let body = Self.creation()
        try await serverAppend("alice", id: "op1", body: body)
        try await access.revoke(family: group, user: "carol", by: "alice")
        // The client retries after a lost answer: the book answers a duplicate, the hook runs again.
        try await serverAppend("alice", id: "op1", body: body)
        #expect(book.revision(of: operations) == 1)
        #expect(access.members(of: group) == ["alice", "bob"])
    }

    @Test func groupMembershipSurvivesARestart() async throws {
        try await serverAppend("alice", id: "op1", body: Self.creation())
        let restarted = AccessControl(book: book, policy: SharedExpensesAccessRules.policy, accounts: access.accounts)
        #expect(restarted.members(of: group) == ["alice", "bob", "carol"])
        #expect(restarted.currentDecision(user: "dave", operation: .read, log: operations).isAllowed == false)
    }

    @Test func friendOperationsTravelInTheAuthorsMailbox() async throws {
        let request = Array(#"{"operationId":"f1","type":"sendFriendRequest","authorId":"alice"}"#.utf8)
        let mailbox = try LogName(validating: "requests/alice/to/bob")
        #expect(try await serverAppend("alice", id: "f1", body: request, to: mailbox) == [])
        #expect(try await serverAppend("bob", id: "f2", body: request, to: mailbox) == nil)
        #expect(try await access.decide(user: "bob", operation: .read, log: mailbox) == .allowed)
        #expect(try await access.decide(user: "carol", operation: .read, log: mailbox).isAllowed == false)
    }

    @Test func onlyTheOwnUserReadsTheirPersonalLog() async throws {
        let own = try LogName(validating: "users/alice/operations")
        #expect(try await access.decide(user: "alice", operation: .append, log: own) == .allowed)
        #expect(try await access.decide(user: "bob", operation: .read, log: own).isAllowed == false)
    }
}
