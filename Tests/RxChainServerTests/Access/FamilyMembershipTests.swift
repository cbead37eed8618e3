import RxChainServer
import Testing

/// Claims, grants and revokes of log families, and the fold of `server/families`.
@Suite struct FamilyMembershipTests {
    let log = AccessFixtures.log
    let family = AccessFixtures.family
    let l1 = AccessFixtures.family("lists/L1")
    let actions = AccessFixtures.log("lists/L1/actions")

    @Test func theFirstClaimWinsAndAnotherUsersClaimIsRefused() async throws {
        let (_, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        try await access.claim(family: l1, by: "alice")  // claiming one's own family again is fine
        await #expect(throws: AccessError.alreadyClaimed(l1)) { try await access.claim(family: l1, by: "bob") }
        #expect(access.owner(of: l1) == "alice")
        #expect(access.members(of: l1) == ["alice"])
    }

    @Test func aKindThePolicyDoesNotNameCannotBeClaimedOrShared() async throws {
        let (_, access) = try await AccessFixtures.control()
        let personal = family("users/alice")
        await #expect(throws: AccessError.notAFamily(personal)) {
            try await access.claim(family: personal, by: "alice")
        }
        await #expect(throws: AccessError.notAFamily(personal)) {
            try await access.grant(family: personal, user: "bob", by: "alice")
        }
    }

    @Test func nobodyAddsThemselvesToAList() async throws {
        let (_, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        await #expect(throws: AccessError.notOwner(l1)) {
            try await access.grant(family: l1, user: "mallory", by: "mallory")
        }
        #expect(try await access.decide(user: "mallory", operation: .append, log: actions).isAllowed == false)
        #expect(access.members(of: l1) == ["alice"])
    }

    @Test func onlyTheOwnerGrantsAndRevokes() async throws {
        let (_, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        try await access.grant(family: l1, user: "bob", by: "alice")
        // A member is not an owner: bob can neither grant carol nor revoke alice.
        await #expect(throws: AccessError.notOwner(l1)) { try await access.grant(family: l1, user: "carol", by: "bob") }
        await #expect(throws: AccessError.notOwner(l1)) { try await access.revoke(family: l1, user: "bob", by: "bob") }
        await #expect(throws: AccessError.notOwner(l1)) {
            try await access.revoke(family: l1, user: "alice", by: "bob")
        }
        #expect(access.members(of: l1) == ["alice", "bob"])
        try await access.revoke(family: l1, user: "bob", by: "alice")
        #expect(access.members(of: l1) == ["alice"])
    }

    @Test func anUnclaimedFamilyHasNoOwnerToGrant() async throws {
        let (book, access) = try await AccessFixtures.control()
        await #expect(throws: AccessError.notOwner(l1)) { try await access.grant(family: l1, user: "bob", by: "alice") }
        #expect(book.revision(of: log("server/families")) == 0)
    }

    @Test func theOwnerCannotBeRevoked() async throws {
        let (_, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        await #expect(throws: AccessError.ownerCannotBeRevoked(l1)) {
            try await access.revoke(family: l1, user: "alice", by: "alice")
        }
        #expect(try await access.decide(user: "alice", operation: .read, log: actions) == .allowed)
    }

    @Test func revokingEndsAccessAtOnce() async throws {
        let (_, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        try await access.grant(family: l1, user: "bob", by: "alice")
        #expect(try await access.decide(user: "bob", operation: .append, log: actions) == .allowed)
        try await access.revoke(family: l1, user: "bob", by: "alice")
        #expect(try await access.decide(user: "bob", operation: .append, log: actions).isAllowed == false)
        #expect(try await access.decide(user: "bob", operation: .read, log: actions).isAllowed == false)
        #expect(access.currentDecision(user: "bob", operation: .read, log: actions).isAllowed == false)
        // A later grant gives it back.
        try await access.grant(family: l1, user: "bob", by: "alice")
        #expect(try await access.decide(user: "bob", operation: .read, log: actions) == .allowed)
    }

    @Test func grantingAMemberOrRevokingANonMemberWritesNothing() async throws {
        let (book, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        try await access.grant(family: l1, user: "bob", by: "alice")
        let revision = book.revision(of: log("server/families"))
        try await access.grant(family: l1, user: "bob", by: "alice")
        try await access.grant(family: l1, user: "alice", by: "alice")
        try await access.revoke(family: l1, user: "carol", by: "alice")
        #expect(book.revision(of: log("server/families")) == revision)
    }

    /// A typo in a name must not look like a working share: only an account can be granted,
    /// names compared exactly, and a refused grant writes nothing.
    @Test(arguments: ["nosuchuser", "Bob", "bob_"])
    func aGrantToAnAccountThatDoesNotExistIsRefusedAndWritesNothing(name: String) async throws {
        let (book, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        let revision = book.revision(of: log("server/families"))
        await #expect(throws: AccessError.unknownUser(name)) {
            try await access.grant(family: l1, user: name, by: "alice")
        }
        #expect(book.revision(of: log("server/families")) == revision)
        #expect(access.members(of: l1) == ["alice"])
        #expect(access.currentDecision(user: name, operation: .read, log: actions).isAllowed == false)
    }

    /// Only the owner learns that an account does not exist: anyone else is refused as a non-owner.
    @Test func aNonOwnerLearnsNothingAboutAccounts() async throws {
        let (_, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        await #expect(throws: AccessError.notOwner(l1)) {
            try await access.grant(family: l1, user: "nosuchuser", by: "bob")
        }
        await #expect(throws: AccessError.notOwner(l1)) {
            try await access.revoke(family: l1, user: "nosuchuser", by: "bob")
        }
    }

    /// Revoking a typo must not look like a revocation (the member meant keeps access): a
    /// non-member no account is named after is refused. An account that is no member is
    /// revoked again without a change (a revocation sent again after a lost answer), and a
    /// member without an account (granted before grants were checked) can still be revoked.
    @Test func revokingAnUnknownNonMemberIsRefusedAndAMemberIsRevokedWhateverItsAccount() async throws {
        let (book, access) = try await AccessFixtures.control()
        let families = log("server/families")
        try await access.claim(family: l1, by: "alice")
        try await access.grant(family: l1, user: "bob", by: "alice")
        let revision = book.revision(of: families)
        await #expect(throws: AccessError.unknownUser("bbo")) {
            try await access.revoke(family: l1, user: "bbo", by: "alice")
        }
        try await access.revoke(family: l1, user: "carol", by: "alice")
        #expect(book.revision(of: families) == revision, "nothing written")
        #expect(access.members(of: l1) == ["alice", "bob"])

        try await book.append(
            to: families, id: "legacy", body: Array(#"{"type":"grant","family":"lists/L1","user":"ghost"}"#.utf8),
            creator: "alice")
        #expect(access.members(of: l1) == ["alice", "bob", "ghost"])
        try await access.revoke(family: l1, user: "ghost", by: "alice")
        #expect(access.members(of: l1) == ["alice", "bob"])
    }

    @Test(arguments: ["", "a/b", "bob smith", "é", String(repeating: "x", count: 65)])
    func invalidUserNamesAreRefused(name: String) async throws {
        let (_, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        await #expect(throws: AccessError.invalidUser(name)) {
            try await access.grant(family: l1, user: name, by: "alice")
        }
        await #expect(throws: AccessError.invalidUser(name)) {
            try await access.claim(family: self.family("lists/L2"), by: name)
        }
    }

    @Test func aRestartFoldsTheSameFamiliesFromTheBook() async throws {
        let (book, access) = try await AccessFixtures.control()
        try await access.claim(family: l1, by: "alice")
        try await access.grant(family: l1, user: "bob", by: "alice")
        try await access.grant(family: l1, user: "carol", by: "alice")
        try await access.revoke(family: l1, user: "bob", by: "alice")
        #expect(try await access.decide(user: "dave", operation: .append, log: log("groups/G1/operations")) == .allowed)

        let restarted = AccessControl(book: book, policy: AccessFixtures.standardPolicy, accounts: access.accounts)
        #expect(restarted.families == access.families)
        #expect(restarted.owner(of: l1) == "alice")
        #expect(restarted.members(of: l1) == ["alice", "carol"])
        #expect(restarted.owner(of: family("groups/G1")) == "dave")
        #expect(restarted.currentDecision(user: "bob", operation: .read, log: actions).isAllowed == false)
        #expect(restarted.currentDecision(user: "carol", operation: .read, log: actions) == .allowed)
        await #expect(throws: AccessError.alreadyClaimed(l1)) { try await restarted.claim(family: l1, by: "bob") }
    }

    @Test func anotherWriterOfTheBookIsSeenByTheNextDecision() async throws {
        let (book, access) = try await AccessFixtures.control()
        let other = AccessControl(book: book, policy: AccessFixtures.standardPolicy, accounts: access.accounts)
        try await other.claim(family: l1, by: "alice")
        try await other.grant(family: l1, user: "bob", by: "alice")
        #expect(try await access.decide(user: "bob", operation: .read, log: actions) == .allowed)
        await #expect(throws: AccessError.alreadyClaimed(l1)) { try await access.claim(family: l1, by: "bob") }
    }

    @Test func theFoldIgnoresRecordsTheirCreatorHadNoRightToWrite() async throws {
        let (book, access) = try await AccessFixtures.control()
        let families = log("server/families")
        try await access.claim(family: l1, by: "alice")
        // Records written past the checks: a grant and a revoke by a non-owner, a claim made in
        // someone else's name, a second claim under another id, and lines that are no records.
        let forged: [(id: String, body: String, creator: String)] = [
            ("f1", #"{"type":"grant","family":"lists/L1","user":"mallory"}"#, "mallory"),
            ("f2", #"{"type":"revoke","family":"lists/L1","user":"alice"}"#, "alice"),
            ("f3", #"{"type":"claim","family":"lists/L2","user":"alice"}"#, "mallory"),
            ("f4", #"{"type":"claim","family":"lists/L1","user":"mallory"}"#, "mallory"),
            ("f5", #"{"type":"promote","family":"lists/L1","user":"mallory"}"#, "alice"),
            ("f6", #"{"type":"grant","family":"lists","user":"mallory"}"#, "alice"),
            ("f7", "not json", "alice"),
        ]
        for record in forged {
            try await book.append(to: families, id: record.id, body: Array(record.body.utf8), creator: record.creator)
        }
        try await book.append(
            to: families, id: "ok", body: Array(#"{"type":"grant","family":"lists/L1","user":"bob"}"#.utf8),
            creator: "alice")
        let restarted = AccessControl(book: book, policy: AccessFixtures.standardPolicy, accounts: access.accounts)
        for directory in [access.families, restarted.families] {
            #expect(directory.owner(of: l1) == "alice")
            #expect(directory.members(of: l1) == ["alice", "bob"])
            #expect(directory.owner(of: family("lists/L2")) == nil)
            #expect(directory.foldedThrough == 9)
        }
    }

    @Test func errorsNameNobodyButTheCaller() {
        let errors: [AccessError] = [
            .alreadyClaimed(l1), .notOwner(l1), .ownerCannotBeRevoked(l1), .unknownUser("nosuchuser"),
        ]
        #expect(
            errors.map(\.description) == [
                "lists/L1 is already claimed by another user",
                "only the owner of lists/L1 grants and revokes its members",
                "the owner of lists/L1 cannot be revoked",
                #"there is no account named "nosuchuser" on this server"#,
            ])
    }
}

extension FamilyMembershipTests {
    @Test func onlyMembersSeeWhoBelongs() async throws {
        let (_, access) = try await AccessFixtures.control()
        #expect(throws: AccessError.notMember(l1)) { try access.members(of: l1, visibleTo: "alice") }
        try await access.claim(family: l1, by: "alice")
        try await access.grant(family: l1, user: "bob", by: "alice")
        let seenByBob = try access.members(of: l1, visibleTo: "bob")
        #expect(seenByBob.owner == "alice")
        #expect(seenByBob.members == ["alice", "bob"])
        #expect(throws: AccessError.notMember(l1)) { try access.members(of: l1, visibleTo: "carol") }
    }
}
