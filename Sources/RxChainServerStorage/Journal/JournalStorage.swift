import Foundation
import RxChainSystem

/// The embedded storage: every log in one append-only journal on local disk, read through an
/// index, with memory bounded by a cache rather than by history.
///
/// **Writes.** An append is decided by ``AppendRules`` under the storage's lock (its entries get
/// their `seq` and `ts` there), then waits for the committer thread, which writes every entry
/// accepted meanwhile in one `write` and one `fsync` (group commit); the append returns only after
/// that `fsync`. A failed write or `fsync` fails every waiting append with
/// ``LogAppendError/storageFailed(_:)``; the committer cuts the segment back to what the last
/// successful `fsync` covered, never syncs again and trusts it, and the storage refuses every later
/// append until it is reopened.
///
/// **Segments and their index.** The journal is a series of segment files; only the last is
/// appended to. Once a segment reaches its size it is closed for good, never rewritten, and its
/// index is written beside it as a checkpoint (`JournalIndexFile`: each log's line offsets, every
/// id's key, a sparse `ts` index, a Bloom filter). In memory stay the open segment's index and,
/// of each closed segment, its directory and Bloom filter. Entries are read from the files through
/// a block cache of bounded size (`JournalBlockCache`); an append of a new id asks each closed
/// segment's Bloom filter, so only a repeat (or a 1 % false positive) reads an index file.
///
/// **Start.** Opening reads the closed segments' index files (only their directories) and the
/// open segment's records: the journal's tail, not its history (`JournalRecovery`). A missing
/// or damaged index file is never trusted: the segment is read again, checked record by record,
/// and its index rebuilt. Nothing is compacted or dropped: segments are kept whole; an index file
/// is written once and replaced only by a rebuild of the same index.
///
/// **Damage.** A record that fails its checks (CRC, JSON, place in its log) is copied to
/// `quarantine/`, reported, never served. Found at start, it stops the start (unless told to start
/// despite damage). Found later by a read, the storage refuses appends from then on (the server's
/// `/ready` answers 503) and sets the segment's index aside, so the next start reads the segment
/// again and reports the damage.
///
/// > Important: Reads `pread` the journal's files on the calling thread (the kernel's page cache
/// > and the block cache answer most); `fsync`s run only on the committer thread.
public final class JournalStorage: LogStorage {
    /// The segment size at which the journal closes a segment and starts the next, by default:
    /// 16 MiB, so a start reads at most that much of the journal's tail.
    public static let defaultSegmentSize = 16 << 20

    /// The journal's read cache by default: 64 MiB (`rxchain-server --cache-mb`).
    public static let defaultCacheBytes = 64 << 20

    /// An append waiting for the commit that makes the entry with acceptance number `number`
    /// durable.
    struct AppendWaiter: Sendable {
        var number: Int
        var results: [AppendResult]
        var deliver: @Sendable (Result<[AppendResult], LogAppendError>) -> Void
    }

    enum Phase: Sendable {
        case open
        case closing
        case closed
    }

    struct Locked: Sendable {
        var journal: JournalState
        /// How many accepted entries the committer has taken to write (acceptance numbers below).
        var handedCount: Int
        var phase: Phase = .open
        /// The failure that ended the storage's appends, if one did.
        var failure: LogStoreError?
        var committerAsleep = false
        var appendWaiters: [AppendWaiter] = []
        var closeWaiters: [@Sendable (Result<Void, Never>) -> Void] = []
    }

    /// What the committer does next.
    enum CommitterStep {
        case sleep
        case write(JournalBatch, through: Int)
        case seal(JournalSegmentIndex)
        case stop
    }

    let state: Lock<Locked>
    let reader: JournalReader
    let waiters: TimestampWaiters
    let clock: @Sendable () -> UInt64
    let wakeup = DispatchSemaphore(value: 0)
    /// How long each of the committer's `fsync`s took.
    let syncDurations = Lock(LatencyHistogram())
    /// What opening the journal found and repaired.
    public let recoveryReport: JournalRecoveryReport

    init(opened: JournalRecovery.Opened, clock: @escaping @Sendable () -> UInt64) {
        state = Lock(Locked(journal: opened.state, handedCount: opened.state.durableCount))
        reader = opened.reader
        waiters = TimestampWaiters(last: opened.state.lastDurableTimestamp)
        recoveryReport = opened.report
        self.clock = clock
    }

    /// Opens the journal in `directory` (recovering it on a committer thread of its own, which
    /// then keeps committing until closed); see `LogBook.open(directory:clock:segmentSize:cacheBytes:startDespiteDamage:)`.
    public static func open(
        directory: String, clock: @escaping @Sendable () -> UInt64 = AppendRules.wallClockMicroseconds,
        segmentSize: Int = JournalStorage.defaultSegmentSize, cacheBytes: Int = JournalStorage.defaultCacheBytes,
        startDespiteDamage: Bool = false
    ) async throws(LogStoreError) -> JournalStorage {
        try await awaitHandoff { (deliver: @escaping @Sendable (Result<JournalStorage, LogStoreError>) -> Void) in
            let thread = Thread {
                let opened: JournalRecovery.Opened
                do throws(LogStoreError) {
                    opened = try JournalRecovery.open(
                        directory: directory, segmentSize: min(max(1, segmentSize), 1 << 30), cacheBytes: cacheBytes,
                        startDespiteDamage: startDespiteDamage)
                } catch {
                    deliver(.failure(error))
                    return
                }
                let storage = JournalStorage(opened: opened, clock: clock)
                deliver(.success(storage))
                storage.runCommitter(opened.writer)
            }
            thread.name = "rxchain.journal.committer"
            thread.start()
        }
    }

    // MARK: Appends

    public func append(
        to log: LogName, _ batch: [NewLogEntry], creator: String, expecting revision: UInt64?
    ) async throws(LogAppendError) -> [AppendResult] {
        try await awaitHandoff { (deliver: @escaping @Sendable (Result<[AppendResult], LogAppendError>) -> Void) in
            accept(batch, to: log, creator: creator, expecting: revision, deliver: deliver)
        }
    }

    /// Decides a batch under the lock, and answers it at once (a refusal, repeats of durable
    /// entries) or once the committer made it durable.
    private func accept(
        _ batch: [NewLogEntry], to log: LogName, creator: String, expecting revision: UInt64?,
        deliver: @escaping @Sendable (Result<[AppendResult], LogAppendError>) -> Void
    ) {
        enum Outcome {
            case answer(Result<[AppendResult], LogAppendError>)
            case wait(wakeCommitter: Bool)
        }
        let outcome: Outcome = state.withLock { locked in
            if let failure = locked.failure { return .answer(.failure(.storageFailed(failure))) }
            guard case .open = locked.phase else { return .answer(.failure(.closed)) }
            let journal = locked.journal
            do throws(LogAppendError) {
                let plan = try AppendRules.plan(
                    batch, creator: creator, expecting: revision, current: journal.logs[log]?.accepted ?? 0,
                    find: { id throws(LogAppendError) in try find(log, id: id, in: journal) },
                    original: { Self.entry($0, in: journal) })
                let added = AppendRules.stamp(
                    batch, plan: plan, log: log, creator: creator, firstSeq: (journal.logs[log]?.accepted ?? 0) + 1,
                    lastTimestamp: journal.lastAcceptedTimestamp, now: clock())
                let results = AppendRules.results(of: plan, added: added) { Self.entry($0, in: journal) }
                var awaited = -1
                for case .pending(let number)? in plan.originals { awaited = max(awaited, number) }
                if !added.isEmpty {
                    locked.journal.accept(added)
                    awaited = locked.journal.acceptedCount - 1
                }
                guard awaited >= 0 else { return .answer(.success(results)) }
                locked.appendWaiters.append(AppendWaiter(number: awaited, results: results, deliver: deliver))
                let wake = locked.committerAsleep
                locked.committerAsleep = false
                return .wait(wakeCommitter: wake)
            } catch {
                return .answer(.failure(error))
            }
        }
        switch outcome {
        case .answer(let result):
            if case .failure(.storageFailed(let error)) = result { noticeDamage(error) }
            deliver(result)
        case .wait(let wakeCommitter):
            if wakeCommitter { wakeup.signal() }
        }
    }

    /// The entry of `log` with `id` among the accepted ones: pending, in the open segment's
    /// index, or in a closed segment (its Bloom filter first, then its index file).
    private func find(_ log: LogName, id: String, in journal: JournalState) throws(LogAppendError)
        -> JournalState.Found?
    {
        if let number = journal.pendingNumber(of: log, id: id) { return .pending(number) }
        guard let summary = journal.logs[log] else { return nil }
        do throws(LogStoreError) {
            if let entry = try Self.findDurable(
                log, id: id, in: summary.segments.lazy.map { journal.segments[$0] }, reader)
            {
                return .durable(entry)
            }
            return nil
        } catch {
            throw .storageFailed(error)
        }
    }

    /// `log`'s entry with `id` in `segments` (newest first), if one holds it.
    static func findDurable(
        _ log: LogName, id: String, in segments: some BidirectionalCollection<JournalState.Segment>,
        _ reader: JournalReader
    ) throws(LogStoreError) -> LogEntry? {
        var key: UInt64?
        for segment in segments.reversed() {
            switch segment {
            case .indexed(let index):
                if let offset = index.offset(of: log, id: id) {
                    return try reader.entry(segment: index.number, at: Int(offset), end: index.length)
                }
            case .sealed(let sealed):
                if key == nil { key = JournalKey.of(log: log, id: id) }
                if let entry = try reader.find(log, id: id, key: key!, in: sealed) { return entry }
            }
        }
        return nil
    }

    private static func entry(_ found: JournalState.Found, in journal: JournalState) -> LogEntry {
        switch found {
        case .pending(let number): journal.pendingEntry(number)
        case .durable(let entry): entry
        }
    }

    public func refusal(
        of batch: [NewLogEntry], to log: LogName, creator: String, expecting revision: UInt64?
    ) async -> LogAppendError? {
        state.withLock { locked in
            let journal = locked.journal
            do throws(LogAppendError) {
                _ = try AppendRules.plan(
                    batch, creator: creator, expecting: revision, current: journal.logs[log]?.accepted ?? 0,
                    find: { id throws(LogAppendError) in try find(log, id: id, in: journal) },
                    original: { Self.entry($0, in: journal) })
                return nil
            } catch {
                return error
            }
        }
    }

    // MARK: State

    public var lastTimestamp: UInt64 { state.withLock { $0.journal.lastDurableTimestamp } }

    /// Nothing to catch up with: only this process writes the journal.
    public func synchronize() async throws(LogStoreError) {}

    public func waitForEntries(afterTimestamp timestamp: UInt64) async {
        await waiters.wait(afterTimestamp: timestamp)
    }

    public var failure: LogStoreError? { state.withLock { $0.failure } }

    public var figures: StorageFigures {
        let (entries, bytes) = state.withLock { ($0.journal.durableCount, $0.journal.durableBodyBytes) }
        return StorageFigures(entries: entries, bodyBytes: bytes, syncs: syncDurations.withLock { $0 })
    }

    /// The bytes the block cache holds now (at most the capacity it was opened with).
    public var cachedBytes: Int { reader.cache.size }

    // MARK: Damage found after the start

    /// A read or lookup found damage: copy the record aside, set the segment's index aside (so
    /// the next start reads the segment again and reports it), and refuse appends from now on.
    func noticeDamage(_ error: LogStoreError) {
        guard case .damaged(let damages) = error else { return }
        for damage in damages {
            let layout = reader.layout
            if damage.file.hasSuffix(".idx") {
                _ = try? JournalFile.removeIfPresent(damage.file)
                reader.drop(damage.file)
                continue
            }
            if let name = damage.file.split(separator: "/").last, let number = JournalLayout.segmentNumber(String(name))
            {
                if let line = try? reader.cache.line(try reader.file(damage.file), at: damage.offset, end: .max) {
                    try? JournalFile.makeDirectories(layout.quarantine)
                    try? JournalFile.replaceAtomically(
                        layout.quarantined(segment: number, offset: damage.offset), with: Data(line),
                        directory: layout.quarantine)
                }
                _ = try? JournalFile.removeIfPresent(layout.index(number))
                reader.drop(layout.index(number))
            }
        }
        state.withLock { locked in
            if locked.failure == nil { locked.failure = error }
        }
    }

    // MARK: Closing

    public func close() async {
        await awaitHandoff { (deliver: @escaping @Sendable (Result<Void, Never>) -> Void) in
            close(deliver)
        }
    }

    /// Stops accepting appends, lets the committer write and sync what was accepted, stops it,
    /// and calls `completion` once the journal is closed and its lock released.
    private func close(_ completion: @escaping @Sendable (Result<Void, Never>) -> Void) {
        let wake: Bool? = state.withLock { locked in
            switch locked.phase {
            case .closed:
                return nil
            case .closing:
                locked.closeWaiters.append(completion)
                return false
            case .open:
                locked.phase = .closing
                locked.closeWaiters.append(completion)
                let wake = locked.committerAsleep
                locked.committerAsleep = false
                return wake
            }
        }
        switch wake {
        case nil: completion(.success(()))
        case true?: wakeup.signal()
        case false?: break
        }
    }
}
