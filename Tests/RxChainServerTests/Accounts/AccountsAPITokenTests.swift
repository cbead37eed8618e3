import RxChainServerStorage
import Testing

@testable import RxChainServer

/// Each account's API token: derived from the key and a generation the log keeps (never the token
/// itself), the same after a restart, replaced by a rotation that two racing callers settle to one.
@Suite struct AccountsAPITokenTests {
    let fixture = AccountsFixture()

    @Test func theTokenIsTheSameAfterARestartAndTheLogHoldsNoToken() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw-alice")
        let token = try #require(accounts.apiToken(of: "alice"))
        let rotated = try await accounts.rotateAPIToken(of: "alice")
        #expect(rotated != token)
        let restarted = fixture.accounts()
        #expect(restarted.apiToken(of: "alice") == rotated)
        let principal = try await restarted.authenticate(basicUser: rotated, password: "api_token", from: nil)
        #expect(principal.user == "alice" && principal.credential == .apiToken && principal.apiToken == rotated)
        await #expect(throws: AccountError.wrongCredentials) {
            try await restarted.authenticate(basicUser: token, password: "api_token", from: nil)
        }
        let text = fixture.book.read(Accounts.log, after: 0).entries.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(!text.contains { $0.contains(token) || $0.contains(rotated) }, "\(text)")
        #expect(!"\(principal)".contains(rotated), "a principal's description hides the token")
        var dumped = ""
        dump(principal, to: &dumped)
        #expect(!dumped.contains(rotated) && dumped.contains("alice"), "\(dumped)")
    }

    @Test func twoRotationsFromOneGenerationMoveItOnOnce() async throws {
        let key = ServerKey.generate()
        var state = AccountsState(key: key)
        let password = PasswordHash(iterations: 1, salt: [UInt8](repeating: 1, count: 16), password: "pw")
        let entries: [AccountsEntry] = [
            .signup(user: "alice", password: password), .rotateAPIToken(user: "alice", generation: 0),
            .rotateAPIToken(user: "alice", generation: 0), .rotateAPIToken(user: "bob", generation: 0),
        ]
        for (index, entry) in entries.enumerated() {
            let seq = UInt64(index + 1)
            state.apply(LogEntry(log: Accounts.log, id: entry.id, creator: "x", body: entry.body, seq: seq, ts: seq))
        }
        let alice = try #require(state.account("alice"))
        #expect(alice.apiTokenGeneration == 1 && alice.number == 1)
        let current = APIToken.derive(user: "alice", generation: 1, key: key)
        #expect(state.user(apiToken: current) == "alice")
        #expect(state.user(apiToken: APIToken.derive(user: "alice", generation: 0, key: key)) == nil)
        #expect(state.account("bob") == nil, "a rotation for no account changes nothing")
        #expect(AccountsEntry(body: entries[1].body) == entries[1] && entries[1].id == "apitoken:alice:0")
    }

    @Test func accountNumbersAreTheSignUpsPositionsAndStayPut() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw-alice")
        try await accounts.signup(user: "bob", password: "pw-bob")
        let alice = try await accounts.authenticate(basicUser: "alice", password: "pw-alice", from: nil)
        let bob = try await accounts.authenticate(basicUser: "bob", password: "pw-bob", from: nil)
        #expect(alice.accountId == 1 && bob.accountId == 2)
        let tokens = try await accounts.login(user: "bob", password: "pw-bob", device: "phone")
        #expect(try fixture.accounts().authenticate(accessToken: tokens.accessToken).accountId == 2)
    }
}
