import RxChainSystem

/// A copy in memory of some logs of a storage shared by several server instances: what an
/// instance reads without a round trip (the reserved `server/…` logs its accounts, families and
/// services fold synchronously).
///
/// The storage feeds it the entries of those logs in `ts` order, as it reads them back after its
/// own appends and on every ``LogStorage/synchronize()``; entries at or below the last `ts` it took
/// are ones it already holds and are skipped, so overlapping catch-ups are harmless. Each entry must
/// follow on from the ones before it in its log (the next `seq`, an id new to the log): anything
/// else means the copy missed an entry, and ``take(_:)`` refuses it rather than serve a log with a
/// hole.
///
/// `Sendable`: its state sits behind one lock; every call is atomic.
public final class LogMirror: Sendable {
    private struct State: Sendable {
        var book = LogBookState()
        var last: UInt64 = 0
    }

    private let state = Lock(State())

    /// An empty copy.
    public init() {}

    /// The `ts` of the last entry taken: where the next catch-up reads on from.
    public var lastTimestamp: UInt64 { state.withLock { $0.last } }

    /// Takes entries read back from the storage, in `ts` order.
    ///
    /// - Throws: ``LogStoreError/unavailable(_:)`` naming the first entry that does not follow on
    ///   from the copy (nothing from it on is taken).
    public func take(_ entries: [LogEntry]) throws(LogStoreError) {
        try state.withLock { (state: inout State) throws(LogStoreError) in
            for entry in entries where entry.ts > state.last {
                do throws(LogBookState.RestoreDefect) {
                    try state.book.restore(entry)
                } catch {
                    throw .unavailable(
                        "the copy of \(entry.log) cannot take entry \(String(reflecting: entry.id)) (seq \(entry.seq)): "
                            + error.reason)
                }
                state.last = entry.ts
            }
        }
    }

    /// The entries of `log` after `cursor`, at most `limit`; a log never taken reads as empty.
    public func read(_ log: LogName, after cursor: UInt64, limit: Int) -> LogPage {
        state.withLock { $0.book.read(log, after: cursor, limit: limit) }
    }

    /// The entries of every log taken with a `ts` above `timestamp`, in `ts` order, at most `limit`.
    public func entries(afterTimestamp timestamp: UInt64, limit: Int) -> [LogEntry] {
        state.withLock { $0.book.entries(afterTimestamp: timestamp, limit: limit) }
    }
}
