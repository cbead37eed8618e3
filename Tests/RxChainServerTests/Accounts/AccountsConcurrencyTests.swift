import Testing

@testable import RxChainServer

/// Races settled by entry ids: each round runs the contenders as concurrent tasks and checks
/// that exactly one won, whatever the interleaving was.
@Suite struct AccountsConcurrencyTests {
    static let rounds = 40

    @Test func twoConcurrentSignupsOfOneNameHaveExactlyOneWinner() async throws {
        let fixture = AccountsFixture()
        let accounts = fixture.accounts()
        for round in 0..<Self.rounds {
            let name = "user\(round)"
            // The second contender spells the name in capitals: the claim ignores case.
            let contenders = [(name, "first-\(round)"), (name.uppercased(), "second-\(round)")]
            let outcomes = await withTaskGroup(of: (String, String, AccountError?).self) { group in
                for (user, password) in contenders {
                    group.addTask {
                        do throws(AccountError) {
                            try await accounts.signup(user: user, password: password)
                            return (user, password, nil)
                        } catch {
                            return (user, password, error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.2 == nil }
            #expect(winners.count == 1, "round \(round): \(outcomes.map { String(describing: $0.2) })")
            #expect(outcomes.filter { $0.2 == .userTaken }.count == 1, "round \(round)")
            guard let (user, password, _) = winners.first else { continue }
            _ = try await accounts.login(user: user, password: password, device: "d")
            let loser = contenders.first { $0.0 != user }!
            await #expect(throws: AccountError.wrongCredentials) {
                try await accounts.login(user: user, password: loser.1, device: "d")
            }
        }
        // One signup entry per name: the losers wrote nothing.
        let signups = fixture.book.read(Accounts.log, limit: 10_000).entries.filter { $0.id.hasPrefix("signup:") }
        #expect(signups.count == Self.rounds)
    }

    @Test func twoConcurrentRefreshesWithOneTokenHaveExactlyOneWinner() async throws {
        let fixture = AccountsFixture()
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        var current = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        for round in 0..<Self.rounds {
            let token = current.refreshToken
            let outcomes = await withTaskGroup(of: Result<SessionTokens, AccountError>.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        do throws(AccountError) {
                            return .success(try await accounts.refresh(refreshToken: token))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.compactMap { try? $0.get() }
            let losers = outcomes.compactMap { outcome -> AccountError? in
                if case .failure(let error) = outcome { error } else { nil }
            }
            #expect(winners.count == 1, "round \(round)")
            #expect(losers == [.invalidRefreshToken], "round \(round)")
            guard let winner = winners.first else { return }
            #expect(try accounts.authenticate(accessToken: winner.accessToken).session == current.session)
            current = winner
        }
        // The session rotated once per round, no more.
        #expect(
            fixture.book.read(Accounts.log, limit: 10_000).entries.filter { $0.id.hasPrefix("refresh:") }.count
                == Self.rounds)
    }

    @Test func devicesRefreshingConcurrentlyNeverEndEachOther() async throws {
        let fixture = AccountsFixture()
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let devices = ["laptop", "phone", "tablet"]
        var tokens: [SessionTokens] = []
        for device in devices { tokens.append(try await accounts.login(user: "alice", password: "pw", device: device)) }
        let finals = try await withThrowingTaskGroup(of: SessionTokens.self) { group in
            for start in tokens {
                group.addTask {
                    var current = start
                    for _ in 0..<Self.rounds {
                        current = try await accounts.refresh(refreshToken: current.refreshToken)
                    }
                    return current
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(try finals.map { try accounts.authenticate(accessToken: $0.accessToken).device }) == Set(devices))
        #expect(accounts.devices(of: "alice").map(\.device) == devices)
    }

    @Test func aRevokeRacingARefreshEndsTheSessionEitherWay() async throws {
        let fixture = AccountsFixture()
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        for round in 0..<Self.rounds {
            let device = "phone\(round)"
            let tokens = try await accounts.login(user: "alice", password: "pw", device: device)
            async let refreshed = try? accounts.refresh(refreshToken: tokens.refreshToken)
            async let revoked: Void = accounts.revoke(device: device, of: "alice")
            let (newTokens, _) = try await (refreshed, revoked)
            for access in [tokens.accessToken, newTokens?.accessToken].compactMap({ $0 }) {
                #expect(throws: AccountError.sessionEnded, "round \(round)") {
                    try accounts.authenticate(accessToken: access)
                }
            }
            for refresh in [tokens.refreshToken, newTokens?.refreshToken].compactMap({ $0 }) {
                await #expect(throws: AccountError.invalidRefreshToken, "round \(round)") {
                    try await accounts.refresh(refreshToken: refresh)
                }
            }
        }
        #expect(accounts.devices(of: "alice").isEmpty)
    }
}
