import Foundation
import RxChainCore
import RxChainSystem
import Synchronization

/// `rxchain-bench queue`: the durable queue's throughput against raw `write`/`fsync` floors,
/// and (with `--dir`/`--count`) a pipelined run that reports each request once it is durable.
enum QueueBenchmark {
    static let usage = """
        usage: rxchain-bench queue [--json]
               rxchain-bench queue --dir DIR --count N [--durability always|batched|none] [--producers P]
                                   [--ack-even] [--retry-not-recorded] [--probe] [--change-device-id ID]

        Without --dir: the table (queue-<durability>-<producers> against write/fsync floors).
        With --dir: enqueue N requests from P producer threads without waiting, print
        "persisted <seq>" as soon as each is durable ("not recorded <seq>" or "outcome
        unknown <seq>" when its write failed), then the throughput. A producer whose
        enqueue is refused stops; the error goes to stderr. --ack-even acknowledges even
        sequence numbers once persisted (drives compaction). --retry-not-recorded enqueues
        a request told "not recorded" again. --change-device-id then changes the queue's
        device id, prints "device ID" (or "device change failed: <error>") and enqueues N
        more. --probe then appends one more request and prints "probe persisted <seq>" or
        "probe failed: <error>" (does the queue still take writes?).
        """

    static func run(arguments: [String], report: Report) async -> Int32 {
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if ["--ack-even", "--retry-not-recorded", "--probe"].contains(argument) {
                flags.insert(argument)
            } else if ["--dir", "--count", "--durability", "--producers", "--change-device-id"].contains(argument),
                index + 1 < arguments.count
            {
                options[argument] = arguments[index + 1]
                index += 1
            } else {
                return usageError("unexpected argument '\(argument)'")
            }
            index += 1
        }
        guard let durability = Durability(rawValue: options["--durability"] ?? "batched") else {
            return usageError("unknown durability '\(options["--durability"]!)'")
        }
        guard let producers = Int(options["--producers"] ?? "1"), producers > 0 else {
            return usageError("--producers needs a positive number")
        }
        switch (options["--dir"], options["--count"].map { Int($0) }) {
        case (nil, nil):
            await table(report: report)
            return 0
        case (let directory?, let count??) where count >= 0:
            let options = PipelineOptions(
                directory: URL(fileURLWithPath: directory), count: count, durability: durability,
                producers: producers, acknowledgeEven: flags.contains("--ack-even"),
                retryNotRecorded: flags.contains("--retry-not-recorded"), probe: flags.contains("--probe"),
                newDeviceID: options["--change-device-id"])
            return await pipelined(options)
        default:
            return usageError("--dir and --count (a number) go together")
        }
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("rxchain-bench queue: \(message)\n\n\(usage)\n".utf8))
        return 2
    }

    static func payload(_ number: Int) -> Data {
        Data(#"{"n":\#(number),"note":"benchmark request"}"#.utf8)
    }

    /// Enqueues `count` requests split over `producers` threads (request i by producer i % P),
    /// calling `persisted` for each from the writer thread, and `refused` when an enqueue
    /// throws (its producer then stops). With `retryNotRecorded`, a request told
    /// ``SyncQueueError/notRecorded(cause:)`` is enqueued again (as a user would retry).
    /// Returns the seconds taken from the first enqueue until every request is durable,
    /// or the first error.
    static func enqueue(
        _ queue: SyncQueue, count: Int, producers: Int, retryNotRecorded: Bool = false,
        persisted: @escaping @Sendable (UInt64, Result<Void, SyncQueueError>) -> Void = { _, _ in },
        refused: @escaping @Sendable (any Error) -> Void = { _ in }
    ) async -> (seconds: Double, error: (any Error)?) {
        let remaining = Atomic<Int>(count)
        let firstError = Lock<(any Error)?>(nil)
        let clock = ContinuousClock()
        let start = clock.now
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            guard count > 0 else { return done.resume() }
            @Sendable func finishOne(_ number: Int = 1) {
                if remaining.subtract(number, ordering: .acquiringAndReleasing).newValue == 0 {
                    done.resume()
                }
            }
            /// Enqueues request `number`; its completion finishes it (or enqueues it again).
            @Sendable func submit(_ number: Int) throws {
                let receipt = try queue.enqueue(tag: "bench/request", payload: payload(number))
                receipt.whenPersisted { result in
                    if case .failure(let error) = result {
                        firstError.withLock { $0 = $0 ?? error }
                    }
                    persisted(receipt.seq, result)
                    if retryNotRecorded, case .failure(.notRecorded) = result {
                        do {
                            return try submit(number)
                        } catch {
                            refused(error)
                        }
                    }
                    finishOne()
                }
            }
            for producer in 0..<producers {
                let share = Array(stride(from: producer, to: count, by: producers))
                guard !share.isEmpty else { continue }
                Thread {
                    for (offset, number) in share.enumerated() {
                        do {
                            try submit(number)
                        } catch {
                            firstError.withLock { $0 = $0 ?? error }
                            refused(error)
                            finishOne(share.count - offset)
                            return
                        }
                    }
                }.start()
            }
        }
        let elapsed = Stopwatch.nanoseconds(clock.now - start) / 1e9
        return (elapsed, firstError.withLock { $0 })
    }
}
