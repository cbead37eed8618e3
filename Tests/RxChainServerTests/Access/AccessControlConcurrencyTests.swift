import RxChainServer
import Testing

/// Claims, grants and decisions racing each other on one access control.
@Suite struct AccessControlConcurrencyTests {
    let users = (0..<16).map { "user\($0)" }

    @Test func concurrentClaimsOfOneFamilyHaveExactlyOneWinner() async throws {
        for round in 0..<20 {
            let (_, access) = try await AccessFixtures.control(users: [])
            let family = AccessFixtures.family("lists/R\(round)")
            let winners = await withTaskGroup(of: String?.self) { group in
                for user in users {
                    group.addTask {
                        do throws(AccessError) {
                            try await access.claim(family: family, by: user)
                            return user
                        } catch {
                            #expect(error == .alreadyClaimed(family))
                            return nil
                        }
                    }
                }
                return await group.reduce(into: [String]()) { if let user = $1 { $0.append(user) } }
            }
            #expect(winners.count == 1)
            #expect(access.owner(of: family) == winners.first)
            #expect(access.members(of: family) == Set(winners))
        }
    }

    @Test func concurrentFirstAppendsLetExactlyOneUserIn() async throws {
        for round in 0..<20 {
            let (_, access) = try await AccessFixtures.control(users: [])
            let log = AccessFixtures.log("groups/G\(round)/operations")
            let allowed = try await withThrowingTaskGroup(of: String?.self) { group in
                for user in users {
                    group.addTask {
                        try await access.decide(user: user, operation: .append, log: log).isAllowed ? user : nil
                    }
                }
                return try await group.reduce(into: [String]()) { if let user = $1 { $0.append(user) } }
            }
            #expect(allowed.count == 1)
            #expect(access.owner(of: AccessFixtures.family("groups/G\(round)")) == allowed.first)
        }
    }

    @Test func grantsAndDecisionsRacingEndWithEveryGrantFolded() async throws {
        let (_, access) = try await AccessFixtures.control()
        let family = AccessFixtures.family("lists/L1")
        let log = AccessFixtures.log("lists/L1/actions")
        try await access.claim(family: family, by: "owner")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for user in users {
                group.addTask { try await access.grant(family: family, user: user, by: "owner") }
                group.addTask { _ = try await access.decide(user: user, operation: .read, log: log) }
            }
            try await group.waitForAll()
        }
        #expect(access.members(of: family) == Set(users + ["owner"]))
        for user in users {
            #expect(try await access.decide(user: user, operation: .append, log: log) == .allowed)
        }
    }

    @Test func oneUsersRacingClaimsAllSucceedAndRecordOneClaim() async throws {
        let (book, access) = try await AccessFixtures.control()
        let family = AccessFixtures.family("lists/L1")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { try await access.claim(family: family, by: "alice") }
            }
            try await group.waitForAll()
        }
        #expect(access.owner(of: family) == "alice")
        #expect(book.revision(of: AccessFixtures.log("server/families")) == 1)
    }

    @Test func hooksRacingGrantsAndRevokesFoldToOneState() async throws {
        let grantAll = FamilyAppendHook(kind: "groups") { entry, _ in
            [.grant("member-\(entry.id)")]
        }
        let policy = AccessPolicy(rules: [.family("groups")], hooks: [grantAll])
        let (book, access) = try await AccessFixtures.control(policy: policy)
        let log = AccessFixtures.log("groups/G1/operations")
        let family = AccessFixtures.family("groups/G1")
        #expect(try await access.decide(user: "owner", operation: .append, log: log) == .allowed)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try await access.appendAccepted(to: log, id: "e\(index)", body: [], creator: "owner")
                }
                group.addTask { try await access.revoke(family: family, user: "member-e\(index)", by: "owner") }
            }
            try await group.waitForAll()
        }
        // Whatever the interleaving, a fresh fold of the log agrees with the live state.
        let restarted = AccessControl(book: book, policy: policy, accounts: access.accounts)
        #expect(restarted.families == access.families)
        #expect(access.members(of: family).contains("owner"))
    }
}
