import RxChainServer
import Testing

/// The ready-made rules (`personal`, `mailboxes`, `family`), each with allowed and refused cases.
@Suite struct StandardRulesTests {
    let log = AccessFixtures.log
    let family = AccessFixtures.family

    @Test(arguments: AccessOperation.allCases)
    func onlyTheUserReadsAndAppendsTheirOwnLogs(operation: AccessOperation) async throws {
        let (_, access) = try await AccessFixtures.control()
        let own = try await access.decide(user: "alice", operation: operation, log: log("users/alice/actions"))
        #expect(own == .allowed)
        let other = try await access.decide(user: "bob", operation: operation, log: log("users/alice/actions"))
        #expect(other == .refused(reason: "users/alice/actions belongs to another user"))
    }

    @Test func onlyTheSenderAppendsToAMailbox() async throws {
        let (_, access) = try await AccessFixtures.control()
        let mailbox = log("requests/alice/to/bob")
        #expect(try await access.decide(user: "alice", operation: .append, log: mailbox) == .allowed)
        for intruder in ["bob", "carol"] {
            let decision = try await access.decide(user: intruder, operation: .append, log: mailbox)
            #expect(decision == .refused(reason: "only the sender appends to requests/alice/to/bob"))
        }
    }

    @Test func onlyTheSenderAndTheAddresseeReadAMailbox() async throws {
        let (_, access) = try await AccessFixtures.control()
        let mailbox = log("requests/alice/to/bob")
        #expect(try await access.decide(user: "alice", operation: .read, log: mailbox) == .allowed)
        #expect(try await access.decide(user: "bob", operation: .read, log: mailbox) == .allowed)
        let carol = try await access.decide(user: "carol", operation: .read, log: mailbox)
        #expect(carol == .refused(reason: "only the sender and the addressee read requests/alice/to/bob"))
    }

    @Test(arguments: ["lists", "groups", "playbooks"])
    func membersReadAndAppendAFamilyAndOthersAreRefused(kind: String) async throws {
        let (_, access) = try await AccessFixtures.control()
        let shared = log("\(kind)/F1/actions")
        #expect(try await access.decide(user: "alice", operation: .append, log: shared) == .allowed)
        try await access.grant(family: family("\(kind)/F1"), user: "bob", by: "alice")
        for operation in AccessOperation.allCases {
            #expect(try await access.decide(user: "alice", operation: operation, log: shared) == .allowed)
            #expect(try await access.decide(user: "bob", operation: operation, log: shared) == .allowed)
            let carol = try await access.decide(user: "carol", operation: operation, log: shared)
            #expect(carol == .refused(reason: "you are not a member of \(kind)/F1"))
        }
    }

    @Test func theFirstAppendToAnUnclaimedFamilyClaimsItForTheAppender() async throws {
        let (_, access) = try await AccessFixtures.control()
        #expect(access.owner(of: family("lists/L1")) == nil)
        #expect(try await access.decide(user: "alice", operation: .append, log: log("lists/L1/actions")) == .allowed)
        #expect(access.owner(of: family("lists/L1")) == "alice")
        #expect(access.members(of: family("lists/L1")) == ["alice"])
        // Every log of the family is now alice's, and nobody else's.
        #expect(try await access.decide(user: "alice", operation: .read, log: log("lists/L1/other")) == .allowed)
        #expect(try await access.decide(user: "bob", operation: .append, log: log("lists/L1/other")).isAllowed == false)
    }

    @Test func readingAnUnclaimedFamilyIsRefusedAndClaimsNothing() async throws {
        let (_, access) = try await AccessFixtures.control()
        let decision = try await access.decide(user: "alice", operation: .read, log: log("lists/L1/actions"))
        #expect(decision == .refused(reason: "you are not a member of lists/L1"))
        #expect(access.owner(of: family("lists/L1")) == nil)
    }

    @Test func currentDecisionNeverClaims() async throws {
        let (book, access) = try await AccessFixtures.control()
        let decision = access.currentDecision(user: "alice", operation: .append, log: log("lists/L1/actions"))
        #expect(decision == .refused(reason: "you are not a member of lists/L1"))
        #expect(book.revision(of: log("server/families")) == 0)
        #expect(access.currentDecision(user: "alice", operation: .read, log: log("users/alice/x")) == .allowed)
    }

    @Test(arguments: ["unknown/x", "users", "requests/alice/to", "lists/L1"])
    func aLogNoRuleCoversIsRefused(text: String) async throws {
        let (_, access) = try await AccessFixtures.control()
        for operation in AccessOperation.allCases {
            let decision = try await access.decide(user: "alice", operation: operation, log: log(text))
            #expect(decision == .refused(reason: "no access rule covers \(text)"))
        }
    }

    @Test func reservedLogsAreRefusedEvenUnderACatchAllRule() async throws {
        let everything = AccessRule("**", read: { _ in .allowed }, append: { _ in .allowed })
        let (book, access) = try await AccessFixtures.control(policy: AccessPolicy(rules: [everything]))
        #expect(try await access.decide(user: "alice", operation: .append, log: log("anything/at/all")) == .allowed)
        for operation in AccessOperation.allCases {
            let decision = try await access.decide(user: "alice", operation: operation, log: log("server/families"))
            #expect(decision == .refused(reason: "logs under 'server/' are the server's own"))
        }
        #expect(book.revision(of: log("server/families")) == 0)
    }

    @Test func theFirstMatchingRuleDecides() async throws {
        let readOnly = AccessRule(
            "users/{uid}/public", read: { _ in .allowed },
            append: { context in .refused(reason: "\(context.log) is read-only") })
        let (_, access) = try await AccessFixtures.control(policy: AccessPolicy(rules: [readOnly, .personal()]))
        let published = log("users/alice/public")
        #expect(try await access.decide(user: "bob", operation: .read, log: published) == .allowed)
        let append = try await access.decide(user: "alice", operation: .append, log: published)
        #expect(append == .refused(reason: "users/alice/public is read-only"))
        // Other logs fall through to the next rule.
        #expect(
            try await access.decide(user: "bob", operation: .read, log: log("users/alice/actions")).isAllowed == false)
    }

    @Test func aRuleSeesTheUserTheCapturesAndTheFamilies() async throws {
        let seen = AccessRule(
            "boards/{board}/**",
            read: { context in
                .allowed(
                    if: context.captures["board"] == "B1" && context.captures.remainder == ["notes", "today"]
                        && context.user == "alice" && context.operation == .read
                        && context.families.owner(of: LogFamily("lists/L1")!) == "alice",
                    else: "unexpected context")
            }, append: { _ in .refused(reason: "no") })
        let (_, access) = try await AccessFixtures.control(policy: AccessPolicy(rules: [seen, .family("lists")]))
        try await access.claim(family: family("lists/L1"), by: "alice")
        #expect(try await access.decide(user: "alice", operation: .read, log: log("boards/B1/notes/today")) == .allowed)
    }
}
