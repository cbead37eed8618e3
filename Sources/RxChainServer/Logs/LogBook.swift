import Foundation
import Signals

/// All of the server's named, append-only logs, held in memory.
///
/// Each log is a sequence of ``LogEntry`` values numbered from 1 without gaps. An append is
/// idempotent by the entry's id within its log: the same id with the same body and creator again
/// answers the original ``AppendResult`` with `duplicate` set and adds nothing; the same id with a
/// different body or creator is refused with ``LogAppendError/clash(id:)`` and changes nothing.
///
/// Appends come in two modes:
/// - **unconditional** (`expecting: nil`): the server orders the entry after whatever is there
///   (the TODO and expenses semantics);
/// - **conditional** (`expecting: revision`): accepted only if the log holds exactly `revision`
///   entries, else refused with ``LogAppendError/revisionMismatch(expected:current:)`` (the
///   playbook semantics). Of several appends expecting the same revision, exactly one wins. A
///   repeat of an accepted entry is recognised by its id before the revision is checked, so a
///   retry after a lost answer gets the original position, not a mismatch.
///
/// Every accepted entry gets a `ts` strictly greater than every `ts` handed out before, across all
/// logs: `max(clock(), last ts + 1)`. The clock is injected (microseconds since 1970 by default);
/// a clock that stands still or steps back only slows `ts` to one tick per entry, never breaks the
/// order. So `(ts, id)` order is the order in which the book accepted entries.
///
/// The `creator` is whoever the caller says: the server passes the authenticated user, never a
/// value read from the client's request.
///
/// > Important: This step keeps logs in memory only; nothing survives the process. The durable
/// > log store (an append is acknowledged only after it is on disk) is the next step.
///
/// `LogBook` is a `final class` whose state sits behind one lock (the engine's `Lock`, a `Mutex`
/// the thread sanitizer understands), so calls are synchronous, safe from any thread or task, and
/// each append or read is atomic: it sees every earlier append whole and no later one. The only code of the caller's that runs while the lock is held is the
/// injected clock (keep it a plain read).
public final class LogBook: Sendable {
    private let state = Lock(LogBookState())
    private let clock: @Sendable () -> UInt64

    /// Creates an empty book.
    ///
    /// - Parameter clock: The time source for `ts`, read once per accepted append while the book
    ///   is locked; by default the wall clock in microseconds since 1970.
    public init(clock: @escaping @Sendable () -> UInt64 = LogBook.wallClockMicroseconds) {
        self.clock = clock
    }

    /// Appends an entry to a log, or answers the original of a repeat, or refuses it.
    ///
    /// - Parameters:
    ///   - log: The log to append to; it comes into being with its first entry.
    ///   - id: The entry's id, unique within the log; not empty.
    ///   - body: The entry's JSON bytes, compared byte for byte to recognise a repeat.
    ///   - creator: The authenticated user appending.
    ///   - revision: `nil` for an unconditional append; otherwise the entry count the log must
    ///     have for the append to be accepted.
    /// - Returns: The entry's `seq`, `ts` and `creator`, with `duplicate` set for a repeat.
    /// - Throws: ``LogAppendError`` when nothing was written: an empty id, a clash, or a revision
    ///   mismatch (carrying the log's current revision).
    @discardableResult
    public func append(
        to log: LogName, id: String, body: [UInt8], creator: String, expecting revision: UInt64? = nil
    ) throws(LogAppendError) -> AppendResult {
        let result: Result<AppendResult, LogAppendError> = state.withLock { state in
            do throws(LogAppendError) {
                let now = clock()
                return .success(
                    try state.append(to: log, id: id, body: body, creator: creator, expecting: revision, now: now))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads the entries of a log after a cursor.
    ///
    /// - Parameters:
    ///   - log: The log to read; a log never written reads as empty at revision 0.
    ///   - cursor: The `seq` already seen (0 to read from the start); entries with a greater
    ///     `seq` are returned.
    ///   - limit: The most entries to return; 0 or less returns none.
    /// - Returns: The entries in `seq` order and the cursor to read on from.
    public func read(_ log: LogName, after cursor: UInt64 = 0, limit: Int = 1_000) -> LogPage {
        state.withLock { $0.read(log, after: cursor, limit: limit) }
    }

    /// The log's revision: its entry count, which is also the `seq` of its last entry.
    public func revision(of log: LogName) -> UInt64 {
        state.withLock { $0.revision(of: log) }
    }

    /// The wall clock in microseconds since 1970, the default time source of `ts`.
    @Sendable public static func wallClockMicroseconds() -> UInt64 {
        UInt64(max(0, Date().timeIntervalSince1970 * 1_000_000))
    }
}
