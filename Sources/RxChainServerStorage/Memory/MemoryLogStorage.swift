import RxChainSystem

/// A storage in memory, for tests and tools: every accepted entry is durable at once, and
/// nothing survives the process. `LogBook.init(clock:)` makes one.
///
/// It keeps the whole book in a `LogBookState` behind one lock, so each call is atomic; it is the
/// reference the other storages are compared with (the storage contract's test suite, and the
/// journal's property test).
public final class MemoryLogStorage: LogStorage {
    private struct Locked: Sendable {
        var book = LogBookState()
        var isClosed = false
    }

    private let state = Lock(Locked())
    private let clock: @Sendable () -> UInt64
    private let waiters = TimestampWaiters(last: 0)

    /// An empty storage; `clock` is read once per accepted append, under the lock.
    public init(clock: @escaping @Sendable () -> UInt64 = AppendRules.wallClockMicroseconds) {
        self.clock = clock
    }

    public func append(
        to log: LogName, _ batch: [NewLogEntry], creator: String, expecting revision: UInt64?
    ) async throws(LogAppendError) -> [AppendResult] {
        let outcome: Result<(results: [AppendResult], last: UInt64), LogAppendError> = state.withLock { locked in
            guard !locked.isClosed else { return .failure(.closed) }
            do throws(LogAppendError) {
                let accepted = try locked.book.append(
                    to: log, batch, creator: creator, expecting: revision, now: clock())
                locked.book.markDurable(through: locked.book.entries.count)
                return .success((accepted.results, locked.book.lastDurableTimestamp))
            } catch {
                return .failure(error)
            }
        }
        let accepted = try outcome.get()
        waiters.advance(to: accepted.last)
        return accepted.results
    }

    public func refusal(
        of batch: [NewLogEntry], to log: LogName, creator: String, expecting revision: UInt64?
    ) async -> LogAppendError? {
        state.withLock { locked in
            do throws(LogAppendError) {
                _ = try locked.book.check(batch, to: log, creator: creator, expecting: revision)
                return nil
            } catch {
                return error
            }
        }
    }

    public func fetch(_ log: LogName, after cursor: UInt64, limit: Int) async throws(LogStoreError) -> LogPage {
        localRead(log, after: cursor, limit: limit)
    }

    public func fetchEntries(afterTimestamp timestamp: UInt64, limit: Int) async throws(LogStoreError) -> [LogEntry] {
        localEntries(afterTimestamp: timestamp, limit: limit)
    }

    public func localRead(_ log: LogName, after cursor: UInt64, limit: Int) -> LogPage {
        state.withLock { $0.book.read(log, after: cursor, limit: limit) }
    }

    public func localEntries(afterTimestamp timestamp: UInt64, limit: Int) -> [LogEntry] {
        state.withLock { $0.book.entries(afterTimestamp: timestamp, limit: limit) }
    }

    public var lastTimestamp: UInt64 { state.withLock { $0.book.lastDurableTimestamp } }

    /// Nothing to catch up with: only this process writes it.
    public func synchronize() async throws(LogStoreError) {}

    public func waitForEntries(afterTimestamp timestamp: UInt64) async {
        await waiters.wait(afterTimestamp: timestamp)
    }

    /// Never set: memory does not fail.
    public var failure: LogStoreError? { nil }

    public var figures: StorageFigures {
        state.withLock {
            StorageFigures(entries: $0.book.durableCount, bodyBytes: $0.book.durableBodyBytes, syncs: .init())
        }
    }

    /// How many tasks wait in ``waitForEntries(afterTimestamp:)``.
    var waiterCount: Int { waiters.count }

    public func close() async {
        state.withLock { $0.isClosed = true }
        waiters.close()
    }
}
