import Foundation
import RxChainCore
import RxChainSystem

/// `rxchain-bench queue --dir DIR --count N …`: one line per request as soon as its fate is
/// known, for the crash and fault tests that drive it (they kill it, or inject I/O errors).
extension QueueBenchmark {
    struct PipelineOptions {
        var directory: URL
        var count: Int
        var durability: Durability
        var producers: Int
        var acknowledgeEven: Bool
        var retryNotRecorded: Bool
        var probe: Bool
        var newDeviceID: String?
    }

    /// Prints `persisted <seq>`, `not recorded <seq>` or `outcome unknown <seq>` per request,
    /// then the throughput; every distinct failure goes to stderr and makes it exit 1.
    static func pipelined(_ options: PipelineOptions) async -> Int32 {
        let queue: SyncQueue
        do {
            queue = try await SyncQueue.open(directory: options.directory, durability: options.durability)
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench queue: \(error)\n".utf8))
            return 1
        }
        // Every distinct failure, in the order first seen, for stderr.
        let failures = Lock<[String]>([])
        @Sendable func note(_ error: any Error, _ prefix: String = "") {
            let line = prefix + String(describing: error)
            failures.withLock { if !$0.contains(line) { $0.append(line) } }
        }
        let acknowledgeEven = options.acknowledgeEven
        @Sendable func report(_ seq: UInt64, _ result: Result<Void, SyncQueueError>) {
            switch result {
            case .success:
                print("persisted \(seq)")
                if acknowledgeEven, seq % 2 == 0 {
                    (try? queue.acknowledge([seq]))?.whenPersisted { result in
                        if case .failure(let error) = result { note(error, "acknowledgement: ") }
                    }
                }
            case .failure(let error):
                switch error {
                case .notRecorded: print("not recorded \(seq)")
                case .outcomeUnknown: print("outcome unknown \(seq)")
                default: print("failed \(seq)")
                }
                note(error)
            }
            fflush(nil)
        }
        func run() async -> Double {
            await enqueue(
                queue, count: options.count, producers: options.producers,
                retryNotRecorded: options.retryNotRecorded, persisted: report, refused: { note($0, "refused: ") }
            ).seconds
        }
        let seconds = await run()
        if let newID = options.newDeviceID {
            do {
                try await queue.changeDeviceID(to: newID)
                print("device \(newID)")
            } catch {
                print("device change failed: \(error)")
                note(error)
            }
            fflush(nil)
            _ = await run()
        }
        if options.probe {
            do {
                print("probe persisted \(try await queue.enqueueDurably(tag: "bench/probe", payload: payload(-1)).seq)")
            } catch {
                print("probe failed: \(error)")
            }
            fflush(nil)
        }
        await queue.close()
        if let failure = queue.failure { note(failure) }  // e.g. a background compaction's
        let failed = failures.withLock { $0 }
        guard failed.isEmpty else {
            for line in failed { FileHandle.standardError.write(Data("rxchain-bench queue: \(line)\n".utf8)) }
            return 1
        }
        print(
            String(
                format: "%d requests in %.3f s: %.0f requests/s (%@)", options.count, seconds,
                Double(options.count) / seconds, options.durability.rawValue))
        fflush(nil)
        return 0
    }
}
