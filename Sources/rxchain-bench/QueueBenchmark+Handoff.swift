import Foundation
import RxChainCore
import RxChainSystem

extension QueueBenchmark {
    /// One benchmark request (its JSON is a few bytes).
    struct HandoffRequest: SyncRequest {
        let number: Int
        var tag: MessageTag { "bench/request" }
    }

    /// A transport that acknowledges every batch at once and says when it has seen `expected` requests.
    final class CountingTransport: SyncTransport, Sendable {
        let maxBatchSize = 100
        private let expected: Int
        private let state = Lock<(seen: Int, waiter: CheckedContinuation<Void, Never>?)>((0, nil))

        init(expected: Int) {
            self.expected = expected
        }

        func send(_ batch: [QueueRecord]) async throws -> SyncOutcome {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.seen += batch.count
                guard state.seen >= expected else { return nil }
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
            return .acknowledged
        }

        func allSeen() async {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> Bool in
                    if state.seen >= expected { return true }
                    state.waiter = continuation
                    return false
                }
                if done { continuation.resume() }
            }
        }
    }

    /// `queue-handoff`: requests from a producer through a `SyncManager` (queue durability `none`)
    /// to a transport that acknowledges at once, against the same number of values through a
    /// plain bounded `AsyncStream` (capacity 100, the producer retrying dropped values).
    static func handoff(report: Report, root: URL) async {
        let count = 50_000
        let baseline = await Stopwatch.medianNanoseconds(operations: count) {
            let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingOldest(100))
            let consumer = Task {
                var received = 0
                for await _ in stream {
                    received += 1
                    if received == count { break }
                }
                return received
            }
            for value in 0..<count {
                while case .dropped = continuation.yield(value) { await Task.yield() }
            }
            _ = await consumer.value
            continuation.finish()
        }
        var run = 0
        let measured = await Stopwatch.medianNanoseconds(runs: 5, operations: count) {
            run += 1
            let directory = root.appendingPathComponent("handoff-\(run)")
            defer { try? FileManager.default.removeItem(at: directory) }
            guard let queue = try? await SyncQueue.open(directory: directory, durability: .none) else {
                preconditionFailure("cannot open a queue in \(directory.path)")
            }
            let transport = CountingTransport(expected: count)
            let manager = SyncManager<HandoffRequest>(queue: queue, transport: transport)
            for number in 0..<count { manager.receive([HandoffRequest(number: number)], progress: nil) }
            await transport.allSeen()
            await manager.shutdown()
        }
        report.emit(
            Figure(
                name: "queue-handoff", unit: "request", medianNanoseconds: measured,
                baseline: "asyncstream-bounded-100", baselineMedianNanoseconds: baseline,
                extra: [("requests_per_s", 1e9 / measured)]))
    }
}
