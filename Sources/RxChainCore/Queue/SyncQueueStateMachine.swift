import Foundation

/// The queue's in-memory state and its hand-off to the writer thread, as pure transitions.
///
/// Every accepted operation gets the next log *position* (1, 2, 3, … per open queue) and
/// goes into the inbox in that order; the writer takes the whole inbox at once, so records
/// submitted while it writes or syncs share its next write and `fsync` (group commit).
/// A position is *durable* once the writer says so; waiting for a position means waiting
/// for it and everything before it.
///
/// A change counts at once (``contents`` shows it), so each accepted change not yet
/// durable keeps the ``QueueContents/Undo`` that takes it back. When a write fails, every
/// such change is taken back, newest first, and its position is *lost*: its waiters are
/// told ``SyncQueueError/notRecorded(cause:)``, or ``SyncQueueError/outcomeUnknown(cause:cutFailure:)``
/// for the ones the writer had handed to the file when the cut failed (the queue then
/// refuses changes). Sequence numbers are never handed out twice in one open queue.
///
/// The owner (``SyncQueueStorage``) calls each event under its lock and performs the
/// returned action after unlocking; completions are never called here.
struct SyncQueueStateMachine {
    typealias Completion = @Sendable (Result<Void, SyncQueueError>) -> Void

    /// What the writer thread does next.
    enum WriterAction {
        /// Append these entries (positions `firstPosition…`) to the log.
        case write([QueueLogEntry], firstPosition: UInt64)
        /// Rewrite the log as `contents` (which already includes every position through `through`).
        case compact(QueueContents, through: UInt64)
        /// Nothing to do: wait for a wake-up.
        case sleep
        /// Close the files and stop.
        case stop
    }

    /// A change logged for the writer: where it lands in the log.
    struct Logged {
        var position: UInt64
        /// Whether the writer is asleep and must be woken (after unlocking).
        var wakeWriter: Bool
    }

    /// A completion to call with the failure its change met.
    typealias FailedCompletion = (completion: Completion, error: SyncQueueError)

    private enum Phase { case open, closing, stopped }

    let directory: String
    /// The device id when the log records none (given to `open`, or the `device-id` file's).
    private let baseDeviceID: String
    private(set) var contents: QueueContents
    private(set) var quarantined: [QuarantinedLine]
    private var phase = Phase.open
    /// The outcome-unknown failure after which the queue refuses changes.
    private(set) var failure: SyncQueueError?
    private var inbox: [QueueLogEntry] = []
    private var nextPosition: UInt64 = 1
    private var handedPosition: UInt64 = 0
    private(set) var durablePosition: UInt64 = 0
    /// How to take back each accepted change that is not durable yet, oldest first.
    private var undoLog: [(position: UInt64, undo: QueueContents.Undo)] = []
    /// Positions whose changes a failed write took back, with what their waiters are told.
    private var lostPositions: [(positions: ClosedRange<UInt64>, error: SyncQueueError)] = []
    private var waiters: [UInt64: [Completion]] = [:]
    private var compactionWaiters: [Completion] = []
    private var stopWaiters: [Completion] = []
    private var writerAsleep = false
    private var compactionRequested = false
    /// A device id change is in the inbox: the writer rewrites the log instead of appending.
    private var deviceChangePending = false
    /// Set when a compaction failed: the log then only grows until the queue is reopened
    /// (an explicit compaction still tries), so a file system that cannot rename does not
    /// turn every later write into a failed compaction.
    private var autoCompactionStopped = false
    /// Lines in the current log file, written or handed to the writer (drives auto-compaction).
    private var linesInLog: Int
    /// ``linesInLog`` before the compaction in flight (restored if it fails and the old log stays).
    private var linesBeforeCompaction: Int?

    /// Compaction starts on its own when the log has more lines than this and at least
    /// half of them are dead weight (acknowledged requests).
    static let autoCompactionMinimumLines = 1_000

    init(
        directory: String, deviceID: String, contents: QueueContents, linesInLog: Int,
        quarantined: [QuarantinedLine]
    ) {
        self.directory = directory
        self.baseDeviceID = deviceID
        self.contents = contents
        self.linesInLog = linesInLog
        self.quarantined = quarantined
    }

    /// The device id in the keys of new requests: the log's, once it was changed.
    var deviceID: String { contents.deviceID ?? baseDeviceID }

    // MARK: Operations

    mutating func enqueueRequested(tag: String, payload: Data) throws(SyncQueueError) -> (
        QueueRecord, Logged
    ) {
        try checkUsable()
        let seq = contents.nextSeq
        guard seq < UInt64.max else { throw .sequenceExhausted(directory: directory) }
        let record = QueueRecord(seq: seq, key: "\(deviceID):\(seq)", tag: tag, payload: payload)
        return (record, try log(.enqueue(record)))
    }

    mutating func acknowledgeRequested(_ seqs: [UInt64]) throws(SyncQueueError) -> Logged {
        try checkUsable()
        let live = Set(seqs).filter {
            contents.pending.contains(seq: $0) || contents.deadLetter(seq: $0) != nil
        }
        var position = nextPosition - 1
        var wake = false
        for range in Self.runs(of: live.sorted()) {
            let accepted = try log(.ack(range))
            position = accepted.position
            wake = wake || accepted.wakeWriter
        }
        return Logged(position: position, wakeWriter: wake)
    }

    mutating func deadLetterRequested(seq: UInt64, reason: String) throws(SyncQueueError) -> Logged {
        try checkUsable()
        guard contents.pending.contains(seq: seq) else { throw .notPending(seq: seq) }
        return try log(.dead(seq: seq, reason: reason))
    }

    mutating func retryRequested(seq: UInt64) throws(SyncQueueError) -> Logged {
        try checkUsable()
        guard contents.deadLetter(seq: seq) != nil else { throw .notDeadLetter(seq: seq) }
        return try log(.retry(seq: seq))
    }

    /// Changes the device id (`id` already checked): every pending request and dead letter
    /// is re-keyed at once, and the writer will rewrite the log with the id in its header.
    mutating func deviceChangeRequested(to id: String, keeping held: Set<UInt64>) throws(SyncQueueError) -> Logged {
        try checkUsable()
        deviceChangePending = true
        return try log(.device(id: id, keeping: held))
    }

    /// Raises the next sequence number to at least `seq + 1` (never lowers it).
    mutating func sequenceContinued(above seq: UInt64) {
        contents.continueSequence(atLeast: seq == UInt64.max ? seq : seq + 1)
    }

    /// Whether the change at `position` is on disk (durable, and not taken back by a failed write).
    func isDurable(position: UInt64) -> Bool {
        position <= durablePosition && lostError(position) == nil
    }

    /// Registers `completion` for when `position` is durable; returns the result at once if it is known.
    mutating func persistenceAwaited(position: UInt64, completion: @escaping Completion) -> Result<
        Void, SyncQueueError
    >? {
        if let lost = lostError(position) { return .failure(lost) }
        if position <= durablePosition { return .success(()) }
        if let failure { return .failure(failure) }
        if phase == .stopped { return .failure(.closed(directory: directory)) }
        waiters[position, default: []].append(completion)
        return nil
    }

    /// Asks for a compaction; returns whether to wake the writer, or the error to report at once.
    mutating func compactionRequested(completion: @escaping Completion) throws(SyncQueueError) -> Bool {
        try checkUsable()
        compactionRequested = true
        compactionWaiters.append(completion)
        return wakeWriter()
    }

    /// Asks the writer to finish the inbox and stop; returns whether to wake it, or nil
    /// when it has already stopped (the completion is then the caller's to call).
    mutating func closeRequested(completion: @escaping Completion) -> Bool? {
        guard phase != .stopped else { return nil }
        phase = .closing
        stopWaiters.append(completion)
        return wakeWriter()
    }

    // MARK: Writer events

    mutating func writerReady() -> WriterAction {
        let due =
            linesInLog + inbox.count > Self.autoCompactionMinimumLines
            && contents.liveLineCount * 2 < linesInLog + inbox.count
        if failure == nil,
            compactionRequested || deviceChangePending || (due && !inbox.isEmpty && !autoCompactionStopped)
        {
            compactionRequested = false
            deviceChangePending = false
            inbox.removeAll()
            handedPosition = nextPosition - 1
            linesBeforeCompaction = linesInLog
            linesInLog = contents.liveLineCount
            return .compact(contents, through: handedPosition)
        }
        if !inbox.isEmpty {
            let first = handedPosition + 1
            let entries = inbox
            inbox.removeAll(keepingCapacity: true)
            handedPosition += UInt64(entries.count)
            linesInLog += entries.count
            return .write(entries, firstPosition: first)
        }
        if phase == .closing { return .stop }
        writerAsleep = true
        return .sleep
    }

    /// Positions through `position` are durable: returns the completions to call with success.
    mutating func writeSucceeded(through position: UInt64) -> [Completion] {
        let previous = durablePosition
        durablePosition = max(durablePosition, position)
        let settled = undoLog.prefix { $0.position <= position }.count
        if settled > 0 { undoLog.removeFirst(settled) }
        guard !waiters.isEmpty else { return [] }
        var done: [Completion] = []
        if UInt64(waiters.count) < durablePosition - previous {
            for key in waiters.keys where key <= durablePosition { done += waiters.removeValue(forKey: key)! }
        } else if previous < durablePosition {
            for key in (previous + 1)...durablePosition { done += waiters.removeValue(forKey: key) ?? [] }
        }
        return done
    }

    /// A compaction through `position` is durable.
    mutating func compactionSucceeded(through position: UInt64) -> [Completion] {
        linesBeforeCompaction = nil
        let done = writeSucceeded(through: position) + compactionWaiters
        compactionWaiters.removeAll()
        return done
    }

    /// An append or its `fsync` failed with `cause`, for a batch whose last written (or
    /// partly written) position is `attemptedThrough`; the writer then tried to cut the log
    /// back to its last durable length: `outcome` is ``SyncQueueError/notRecorded(cause:)``
    /// when that cut is durable, else ``SyncQueueError/outcomeUnknown(cause:cutFailure:)``.
    ///
    /// Takes back every change not yet durable and returns the completions to fail: the
    /// positions through `attemptedThrough` get `outcome`, later ones (never written) get
    /// `notRecorded`. After an unknown outcome the queue refuses changes.
    mutating func writeFailed(
        _ outcome: SyncQueueError, cause: SyncQueueError, attemptedThrough: UInt64
    ) -> [FailedCompletion] {
        let handed = handedPosition
        linesInLog -= undoLog.count { $0.position <= handed }
        var failed = changesLost(outcome, cause: cause, attemptedThrough: attemptedThrough)
        if failure != nil {
            failed += compactionWaiters.map { ($0, outcome) }
            compactionWaiters.removeAll()
            compactionRequested = false
        }
        return failed
    }

    /// The compaction in flight failed with `outcome`: ``SyncQueueError/notRecorded(cause:)``
    /// when the old log is still the log (nothing of it changed), else
    /// ``SyncQueueError/outcomeUnknown(cause:cutFailure:)``. Takes back every change not yet
    /// durable and returns the completions to fail, the compaction's own included.
    mutating func compactionFailed(_ outcome: SyncQueueError, cause: SyncQueueError, through: UInt64)
        -> [FailedCompletion]
    {
        if let lines = linesBeforeCompaction { linesInLog = lines }
        linesBeforeCompaction = nil
        autoCompactionStopped = true
        let failed = changesLost(outcome, cause: cause, attemptedThrough: through)
        defer { compactionWaiters.removeAll() }
        return failed + compactionWaiters.map { ($0, outcome) }
    }

    /// The writer closed its files: returns the close completions (to succeed) and any
    /// waiter whose position never became durable (to fail with ``stopError``).
    mutating func writerStopped() -> (closed: [Completion], abandoned: [Completion]) {
        phase = .stopped
        let closed = stopWaiters
        let abandoned = compactionWaiters + waiters.values.flatMap { $0 }
        stopWaiters.removeAll()
        compactionWaiters.removeAll()
        waiters.removeAll()
        return (closed, abandoned)
    }

    /// The error a waiter gets when the writer stopped before its position was durable.
    var stopError: SyncQueueError {
        failure ?? .closed(directory: directory)
    }

    // MARK: Helpers

    /// Takes back every change not yet durable, newest first, and marks its position lost.
    private mutating func changesLost(
        _ outcome: SyncQueueError, cause: SyncQueueError, attemptedThrough: UInt64
    ) -> [FailedCompletion] {
        if case .outcomeUnknown = outcome { failure = outcome }
        inbox.removeAll()
        deviceChangePending = false
        handedPosition = nextPosition - 1
        guard let first = undoLog.first?.position else { return [] }
        let last = nextPosition - 1
        let nextSeq = contents.nextSeq
        for step in undoLog.reversed() { contents.undo(step.undo) }
        undoLog.removeAll()
        contents.continueSequence(atLeast: nextSeq)
        let notWritten = SyncQueueError.notRecorded(cause: cause)
        let attemptedEnd = min(max(attemptedThrough, first - 1), last)
        if first <= attemptedEnd { lostPositions.append((first...attemptedEnd, outcome)) }
        if attemptedEnd < last { lostPositions.append(((attemptedEnd + 1)...last, notWritten)) }
        var failed: [FailedCompletion] = []
        for (position, completions) in waiters {
            let error = position <= attemptedEnd ? outcome : notWritten
            failed += completions.map { ($0, error) }
        }
        waiters.removeAll()
        return failed
    }

    private func lostError(_ position: UInt64) -> SyncQueueError? {
        guard let newest = lostPositions.last, position <= newest.positions.upperBound else { return nil }
        return lostPositions.last { $0.positions.contains(position) }?.error
    }

    private mutating func log(_ entry: QueueLogEntry) throws(SyncQueueError) -> Logged {
        let position = nextPosition
        let undo: QueueContents.Undo
        do {
            undo = try contents.apply(entry, position: position)
        } catch {
            preconditionFailure("SyncQueueStateMachine accepted \(entry) that its contents refuse: \(error)")
        }
        nextPosition += 1
        inbox.append(entry)
        undoLog.append((position, undo))
        return Logged(position: position, wakeWriter: wakeWriter())
    }

    private mutating func wakeWriter() -> Bool {
        guard writerAsleep else { return false }
        writerAsleep = false
        return true
    }

    private func checkUsable() throws(SyncQueueError) {
        if let failure { throw .unusable(directory: directory, cause: failure) }
        guard phase == .open else { throw .closed(directory: directory) }
    }

    /// Sorted numbers as runs of consecutive values.
    static func runs(of sorted: [UInt64]) -> [ClosedRange<UInt64>] {
        var result: [ClosedRange<UInt64>] = []
        for value in sorted {
            if let last = result.last, last.upperBound + 1 == value {
                result[result.count - 1] = last.lowerBound...value
            } else {
                result.append(value...value)
            }
        }
        return result
    }
}
