import Foundation
import RxChainTesting
import Testing

@testable import RxChainServer

/// Password guessing is slowed per user name: after five wrong passwords in a row, the name's
/// logins are refused with 429 and `Retry-After` for a wait that doubles with each failure; the
/// right password after the wait signs in and clears the count. And per client address, across
/// names, when the embedding server gives one.
@Suite struct LogServerLoginThrottleTests {
    func login(_ harness: LogServerHarness, _ user: String, _ password: String) async -> ServerResponse {
        await harness.send(
            "POST", "/sessions", body: #"{"user":"\#(user)","password":"\#(password)","device":"d1"}"#)
    }

    func login(_ harness: LogServerHarness, _ user: String, _ password: String, from address: String?) async
        -> ServerResponse
    {
        await harness.server.respond(
            to: ServerRequest(
                method: "POST", path: "/sessions",
                body: Array(#"{"user":"\#(user)","password":"\#(password)","device":"d1"}"#.utf8),
                clientAddress: address))
    }

    @Test func wrongPasswordsInARowMakeTheNameWaitAndTheWaitDoubles() async throws {
        let clock = ManualClock()
        let harness = try LogServerHarness(clock: { clock.now })
        _ = try await harness.signIn("alice")
        for attempt in 1...5 {
            #expect(await login(harness, "alice", "guess \(attempt)").status == 401, "attempt \(attempt)")
        }
        // The sixth wrong password is answered 401, then the name waits 1 s.
        #expect(await login(harness, "alice", "guess 6").status == 401)
        let refused = await login(harness, "alice", "password of alice")
        #expect(refused.status == 429, "\(refused.text)")
        #expect(refused.headers["Retry-After"] == "1")
        #expect(refused.json["error"] as? String == "too_many_attempts")
        #expect(!refused.text.contains("password of alice"))
        clock.advance(by: 1)
        #expect(await login(harness, "alice", "guess 7").status == 401)
        #expect(await login(harness, "alice", "password of alice").headers["Retry-After"] == "2")
        // Another name is not slowed by alice's.
        _ = try await harness.signIn("bob")
        clock.advance(by: 2)
        #expect(await login(harness, "alice", "password of alice").status == 200)
        // A success cleared the count: five more wrong passwords before any wait.
        for attempt in 1...5 {
            #expect(await login(harness, "alice", "again \(attempt)").status == 401, "attempt \(attempt)")
        }
        #expect(await login(harness, "alice", "password of alice").status == 200)
    }

    @Test func anUnknownNameIsSlowedTheSameWay() async throws {
        let clock = ManualClock()
        let harness = try LogServerHarness(clock: { clock.now })
        for attempt in 1...6 {
            #expect(await login(harness, "nobody", "guess \(attempt)").status == 401)
        }
        #expect(await login(harness, "NOBODY", "guess 7").status == 429, "names compare ignoring case")
    }

    @Test func theWaitStopsGrowingAtFifteenMinutes() {
        let throttle = LoginThrottle()
        for _ in 0..<40 { throttle.failed("alice", now: 1_000) }
        #expect(throttle.wait(for: "alice", now: 1_000) == LoginThrottle.longestWait)
        throttle.succeeded("alice")
        #expect(throttle.wait(for: "alice", now: 1_000) == nil)
    }

    @Test func guessingManyNamesFromOneAddressMakesTheAddressWaitAndASuccessDoesNotClearIt() async throws {
        let clock = ManualClock()
        let harness = try LogServerHarness(clock: { clock.now })
        _ = try await harness.signIn("alice")
        let guesser = "203.0.113.7"
        // Twenty wrong passwords from one address, each for a name of its own (no name waits).
        for name in 1...20 {
            #expect(await login(harness, "user\(name)", "guess", from: guesser).status == 401, "name \(name)")
        }
        #expect(await login(harness, "user21", "guess", from: guesser).status == 401)
        let refused = await login(harness, "alice", "password of alice", from: guesser)
        #expect(refused.status == 429, "\(refused.text)")
        #expect(refused.headers["Retry-After"] == "1")
        // Another address, or a request the embedding server gave no address, is not slowed.
        #expect(await login(harness, "alice", "password of alice", from: "198.51.100.2").status == 200)
        #expect(await login(harness, "alice", "password of alice", from: nil).status == 200)
        // After the wait, alice's right password works from the address, and the count goes on.
        clock.advance(by: 1)
        #expect(await login(harness, "alice", "password of alice", from: guesser).status == 200)
        #expect(await login(harness, "user22", "guess", from: guesser).status == 401)
        #expect(await login(harness, "alice", "password of alice", from: guesser).headers["Retry-After"] == "2")
    }

    @Test func anAddressQuietForFifteenMinutesAfterItsWaitStartsOver() {
        let throttle = LoginThrottle(freeFailures: LoginThrottle.freeFailuresPerAddress, forgetsWhenQuiet: true)
        for second in 0..<21 { throttle.failed("203.0.113.7", now: 1_000 + UInt64(second)) }
        #expect(throttle.wait(for: "203.0.113.7", now: 1_020) == 1)
        // Quiet until fifteen minutes after the wait ended: twenty free failures again.
        let later = 1_021 + LoginThrottle.longestWait
        for second in 0..<20 { throttle.failed("203.0.113.7", now: later + UInt64(second)) }
        #expect(throttle.wait(for: "203.0.113.7", now: later + 19) == nil)
        throttle.failed("203.0.113.7", now: later + 20)
        #expect(throttle.wait(for: "203.0.113.7", now: later + 20) == 1)
        // A name's count is forgotten only by a success.
        let names = LoginThrottle()
        for _ in 0..<6 { names.failed("alice", now: 1_000) }
        names.failed("alice", now: 1_000 + 10 * LoginThrottle.longestWait)
        #expect(names.wait(for: "alice", now: 1_000 + 10 * LoginThrottle.longestWait) == 2)
    }
}
