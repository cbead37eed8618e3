import RxChainServerStorage
import Testing

@testable import RxChainServer

/// The fold's rules, entry by entry: what makes concurrent operations end consistently.
@Suite struct AccountsStateTests {
    let password = PasswordHash(iterations: 1, salt: [UInt8](repeating: 1, count: 16), password: "pw")
    let hashA = [UInt8](repeating: 0xa, count: 32)
    let hashB = [UInt8](repeating: 0xb, count: 32)
    let hashC = [UInt8](repeating: 0xc, count: 32)

    /// Folds `entries` in order, as seq 1, 2, … with ts 100, 200, …
    func fold(_ entries: [AccountsEntry]) -> AccountsState {
        var state = AccountsState()
        for (index, entry) in entries.enumerated() {
            let seq = UInt64(index + 1)
            state.apply(
                LogEntry(log: Accounts.log, id: entry.id, creator: "x", body: entry.body, seq: seq, ts: seq * 100))
        }
        return state
    }

    @Test func everyEntryReadsBackAsWritten() {
        let entries: [AccountsEntry] = [
            .signup(user: "alice", password: password),
            .login(session: "s1", user: "alice", device: "laptop", refreshHash: hashA),
            .refresh(session: "s1", generation: 7, refreshHash: hashB),
            .end(session: "s1", reason: .logout), .end(session: "s1", reason: .revoked),
        ]
        for entry in entries { #expect(AccountsEntry(body: entry.body) == entry) }
        #expect(entries.map(\.id) == ["signup:alice", "login:s1", "refresh:s1:7", "end:s1", "end:s1"])
        #expect(AccountsEntry.signup(user: "Alice", password: password).id == "signup:alice")
    }

    @Test(arguments: [
        "", "{}", "[]", #"{"type":"unknown"}"#, #"{"type":"end","session":"s1","reason":"bored"}"#,
        #"{"type":"refresh","session":"s1","generation":-1,"refreshHash":"AAAA"}"#,
        #"{"type":"signup","user":"a","scheme":"md5","iterations":1,"salt":"","hash":""}"#,
    ])
    func bodiesThatAreNotEntriesReadAsNothing(_ body: String) {
        #expect(AccountsEntry(body: Array(body.utf8)) == nil)
    }

    @Test func aLoginStartsASessionAndALaterLoginOfTheDeviceReplacesIt() {
        let state = fold([
            .signup(user: "alice", password: password),
            .login(session: "s1", user: "alice", device: "laptop", refreshHash: hashA),
            .login(session: "s2", user: "alice", device: "phone", refreshHash: hashB),
            .login(session: "s3", user: "alice", device: "laptop", refreshHash: hashC),
        ])
        #expect(state.session("s1") == nil)
        #expect(state.session(refreshHash: hashA) == nil)
        #expect(state.session(user: "alice", device: "laptop")?.id == "s3")
        #expect(state.sessions(of: "alice").map(\.id) == ["s3", "s2"])
        #expect(state.folded == 4)
    }

    @Test func aRefreshCountsOnlyFromTheSessionsCurrentGeneration() {
        var state = fold([
            .signup(user: "alice", password: password),
            .login(session: "s1", user: "alice", device: "laptop", refreshHash: hashA),
            .refresh(session: "s1", generation: 0, refreshHash: hashB),
        ])
        #expect(state.session("s1")?.generation == 1)
        #expect(state.session(refreshHash: hashB)?.id == "s1")
        #expect(state.session(refreshHash: hashA) == nil)
        #expect(state.session("s1")?.refreshedAt == 300)
        // A stale rotation (from generation 0 again) changes nothing.
        let stale = AccountsEntry.refresh(session: "s1", generation: 0, refreshHash: hashC)
        state.apply(
            LogEntry(log: Accounts.log, id: "refresh:s1:0-other", creator: "x", body: stale.body, seq: 4, ts: 400))
        #expect(state.session("s1")?.refreshHash == hashB)
        #expect(state.session(refreshHash: hashC) == nil)
    }

    @Test func entriesForEndedSessionsOrUnknownUsersChangeNothing() {
        let state = fold([
            .signup(user: "alice", password: password),
            .login(session: "s1", user: "alice", device: "laptop", refreshHash: hashA),
            .end(session: "s1", reason: .revoked),
            .refresh(session: "s1", generation: 0, refreshHash: hashB),
            .login(session: "s2", user: "mallory", device: "laptop", refreshHash: hashC),
            .signup(user: "ALICE", password: password),
        ])
        #expect(state.session("s1") == nil)
        #expect(state.session(refreshHash: hashB) == nil)
        #expect(state.session("s2") == nil)
        #expect(state.sessions(of: "alice").isEmpty)
        #expect(state.account("ALICE") == nil)
        #expect(state.isTaken("Alice"))
        #expect(state.folded == 6)
    }

    @Test func aPasswordHashMatchesOnlyItsPasswordAndSaltsDiffer() {
        let first = PasswordHash.make(password: "correct horse", iterations: 2)
        let second = PasswordHash.make(password: "correct horse", iterations: 2)
        #expect(first.matches("correct horse"))
        #expect(!first.matches("correct hors"))
        #expect(!first.matches("correct horse "))
        #expect(first.salt.count == 16 && first.hash.count == 32 && first.iterations == 2)
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
        let stored = PasswordHash(iterations: first.iterations, salt: first.salt, hash: first.hash)
        #expect(stored.matches("correct horse"))
    }

    @Test func aPasswordIsTheSameWhicheverWayItsAccentsAreComposed() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let hash = PasswordHash.make(password: decomposed, iterations: 2)
        #expect(hash.matches(composed))
        #expect(hash.matches(decomposed))
        #expect(!hash.matches("cafe"))
        #expect(PasswordHash.bytes(of: decomposed) == Array(composed.utf8))
    }
}
