import Foundation
import Testing

@testable import RxChainServer

/// Password guessing is slowed per user name: after five wrong passwords in a row, the name's
/// logins are refused with 429 and `Retry-After` for a wait that doubles with each failure; the
/// right password after the wait signs in and clears the count.
@Suite struct LogServerLoginThrottleTests {
    func login(_ harness: LogServerHarness, _ user: String, _ password: String) async -> ServerResponse {
        await harness.send(
            "POST", "/sessions", body: #"{"user":"\#(user)","password":"\#(password)","device":"d1"}"#)
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
}
