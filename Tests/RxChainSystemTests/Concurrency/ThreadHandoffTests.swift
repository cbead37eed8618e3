import Foundation
import Testing

@testable import RxChainSystem

/// `awaitHandoff` returns what another thread delivered, whichever wins the race with
/// the awaiting task's suspension.
@Suite struct ThreadHandoffTests {
    struct Failure: Error, Equatable { let reason: String }

    /// Delivered from a plain `Thread` that may finish before the task suspends, or long after.
    @Test func returnsWhatAnotherThreadDelivered() async throws {
        for round in 0..<200 {
            let value = try await awaitHandoff { (deliver: @escaping @Sendable (Result<[Int], Failure>) -> Void) in
                Thread { deliver(.success(Array(0...round))) }.start()
            }
            #expect(value == Array(0...round))
        }
    }

    @Test func throwsTheDeliveredError() async {
        await #expect(throws: Failure(reason: "disk full")) {
            try await awaitHandoff { (deliver: @escaping @Sendable (Result<Int, Failure>) -> Void) in
                DispatchQueue.global().async { deliver(.failure(Failure(reason: "disk full"))) }
            }
        }
    }

    /// Delivered synchronously, before `start` even returns.
    @Test func aDeliveryBeforeSuspensionIsNotLost() async throws {
        let value = try await awaitHandoff { (deliver: @escaping @Sendable (Result<String, Failure>) -> Void) in
            deliver(.success("at once"))
        }
        #expect(value == "at once")
    }

    @Test func performBlockingRunsOnTheQueueAndReturnsItsResult() async throws {
        let queue = DispatchQueue(label: "test.blocking")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "the blocking queue")
        let ranOn = try await queue.performBlocking { DispatchQueue.getSpecific(key: key) }
        #expect(ranOn == "the blocking queue")
    }
}
