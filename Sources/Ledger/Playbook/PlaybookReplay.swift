import Foundation
import RxChain

/// Rebuilds the replicated ledger from a playbook, streaming, incrementally, and tolerantly.
///
/// Feed the playbook's bytes in chunks of any size; each complete line (ended by `\n`, with
/// an optional `\r` before it) is parsed by ``ActionParser`` and applied by ``LedgerRules``.
/// Memory is proportional to the ledger, the devices seen and the lines reported, not the file.
///
/// - Blank lines count as lines and are skipped.
/// - A line that is not a valid action is skipped and reported with its 1-based number; it
///   never stops the replay.
/// - A line with `"actionId":"<device>:<seq>"` is applied only when `seq` is above the highest
///   already taken from that device (the ``highWaterMarks``); lines without one always apply.
/// - Bytes after the last `\n` are a *torn* line: kept pending, reported by ``tornLine``, and
///   completed by the next bytes fed.
/// - With `upto: N`, replay stops after line N (time travel); later bytes are not read.
/// - A feed holding many complete lines is replayed on several threads (see
///   ``ReplayParallelism``); the result is the same, line for line, as one thread's.
///
/// Resuming: ``consumedBytes`` is the offset just after the last complete line consumed.
/// Keep the replay value (or rebuild one with ``init(ledger:highWaterMarks:consumedBytes:linesRead:upto:)``)
/// and feed the bytes from that offset on, and only the new lines are applied.
///
/// ```swift
/// var replay = PlaybookReplay()
/// replay.feed(Data(playbookText.utf8))
/// print(replay.ledger.categories, replay.counts.applied, replay.diagnostics.map(\.reason))
/// ```
public struct PlaybookReplay: Sendable {
    /// The ledger rebuilt so far.
    ///
    /// Assembled on each read from the replay's parts (in O(1) when the records are in one
    /// part, O(32) otherwise): read it once after feeding, not per line.
    public var ledger: ReplicatedLedger {
        ReplicatedLedger(categories: categories, transactions: TreeDictionary(joining: transactionParts))
    }
    /// The categories rebuilt so far.
    var categories: [String]
    /// The records rebuilt so far: one map, or after a parallel batch, the parts it was split
    /// into by id (`TreeDictionary.split(into:)`), each edited by its own thread.
    var transactionParts: [TreeDictionary<String, Transaction>]
    /// How large batches of lines are spread over threads.
    let parallelism: ReplayParallelism
    /// What became of the lines read so far.
    public internal(set) var counts = ReplayCounts()
    /// Invalid lines skipped so far, in line order (a torn last line is in ``tornLine``).
    public private(set) var diagnostics: [ReplayDiagnostic] = []
    /// The highest `seq` taken from each device.
    public internal(set) var highWaterMarks: [String: UInt64]
    /// Bytes of complete lines consumed: where the next read of the playbook starts.
    public internal(set) var consumedBytes: Int
    /// The last line number to read, if replay stops early.
    public let upto: Int?
    /// Bytes after the last newline, waiting for the rest of their line.
    private var pending: [UInt8] = []
    /// The marks of the devices seen in the current feed, written back to ``highWaterMarks`` when it ends.
    var recentDevices = RecentDevices()

    /// Starts a replay from an empty ledger (or a given one), reading at most `upto` lines.
    public init(ledger: ReplicatedLedger = ReplicatedLedger(), upto: Int? = nil) {
        self.init(ledger: ledger, highWaterMarks: [:], consumedBytes: 0, linesRead: 0, upto: upto)
    }

    /// Starts a replay that spreads large batches as `parallelism` says (tests compare the two ways).
    init(upto: Int? = nil, parallelism: ReplayParallelism) {
        self.init(
            ledger: ReplicatedLedger(), highWaterMarks: [:], consumedBytes: 0, linesRead: 0, upto: upto,
            parallelism: parallelism)
    }

    /// Resumes a replay from saved progress: the ledger built from the first `linesRead`
    /// lines (`consumedBytes` bytes), with each device's highest `seq` taken.
    public init(
        ledger: ReplicatedLedger, highWaterMarks: [String: UInt64], consumedBytes: Int, linesRead: Int,
        upto: Int? = nil
    ) {
        self.init(
            ledger: ledger, highWaterMarks: highWaterMarks, consumedBytes: consumedBytes, linesRead: linesRead,
            upto: upto, parallelism: .automatic)
    }

    init(
        ledger: ReplicatedLedger, highWaterMarks: [String: UInt64], consumedBytes: Int, linesRead: Int,
        upto: Int?, parallelism: ReplayParallelism
    ) {
        self.categories = ledger.categories
        self.transactionParts = [ledger.transactions]
        self.parallelism = parallelism
        self.highWaterMarks = highWaterMarks
        self.consumedBytes = consumedBytes
        self.counts.linesRead = linesRead
        self.upto = upto
    }

    /// Whether `upto` lines have been read, so further bytes are ignored.
    public var reachedLimit: Bool { upto.map { counts.linesRead >= $0 } ?? false }

    /// The pending bytes after the last newline, reported as a torn line; `nil` when none.
    public var tornLine: ReplayDiagnostic? {
        guard !pending.isEmpty, !reachedLimit else { return nil }
        return ReplayDiagnostic(
            line: counts.linesRead + 1, problem: .torn, text: PlaybookReplay.text(pending[...]))
    }

    /// Every problem found, torn last line included.
    public var allDiagnostics: [ReplayDiagnostic] { diagnostics + (tornLine.map { [$0] } ?? []) }

    /// Feeds the playbook's next bytes (continuing right after the bytes fed before).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard !reachedLimit, let base = bytes.baseAddress else { return }
        defer { recentDevices.flush(into: &highWaterMarks) }
        var start = 0
        let count = bytes.count
        if !pending.isEmpty {
            guard let newline = PlaybookReplay.newline(in: base, from: 0, to: count) else {
                pending.append(contentsOf: bytes)
                return
            }
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: newline))
            let line = pending
            pending.removeAll(keepingCapacity: true)
            line.withUnsafeBytes { consumeLine($0) }
            start = newline + 1
        }
        var lines: [Range<Int>] = []
        let allowed = upto.map { $0 - counts.linesRead } ?? Int.max
        while start < count, lines.count < allowed {
            guard let newline = PlaybookReplay.newline(in: base, from: start, to: count) else { break }
            lines.append(start..<newline)
            start = newline + 1
        }
        if lines.count >= parallelism.minimumBatch && parallelism.parts > 1 {
            consumeBatch(UnsafeRawBufferPointer(start: base, count: count), lines: lines)
        } else {
            for line in lines { consumeLine(UnsafeRawBufferPointer(rebasing: bytes[line])) }
        }
        if start < count, !reachedLimit {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: count - start))
        }
    }

    /// Feeds the playbook's next bytes (continuing right after the bytes fed before).
    public mutating func feed(_ data: Data) {
        data.withUnsafeBytes { feed($0) }
    }

    /// Feeds bytes read from offset `offset` of the playbook: either ``consumedBytes`` (the
    /// pending torn line is dropped and read again) or right after everything fed so far.
    public mutating func feed(_ data: Data, startingAt offset: Int) {
        if offset == consumedBytes {
            pending.removeAll()
        } else {
            precondition(
                offset == consumedBytes + pending.count,
                "feed(startingAt: \(offset)) must start at \(consumedBytes) or \(consumedBytes + pending.count)"
            )
        }
        feed(data)
    }

    /// Reads one complete line (without its `\n`) and applies it at once.
    mutating func consumeLine(_ line: UnsafeRawBufferPointer) {
        counts.linesRead += 1
        consumedBytes += line.count + 1
        switch PlaybookReplay.read(line) {
        case .blank:
            counts.blank += 1
        case .invalid(let error):
            report(error, lineNumber: counts.linesRead, text: line)
        case .entry(let entry):
            if let actionID = entry.actionId, !recentDevices.advance(actionID, saved: highWaterMarks) {
                counts.duplicates += 1
            } else if let error = entry.action.validationError {
                report(error, lineNumber: counts.linesRead, text: line)
            } else if let id = entry.action.transactionID {
                let part = TreeDictionary<String, Transaction>.part(of: id, among: transactionParts.count)
                counts.count(LedgerRules.applyToTransactions(entry.action, in: &transactionParts[part]))
            } else {
                let (outcome, move) = LedgerRules.applyToCategories(entry.action, in: &categories)
                if let move {
                    for part in transactionParts.indices { LedgerRules.move(move, in: &transactionParts[part]) }
                }
                counts.count(outcome)
            }
        }
    }

    /// What one line holds, before any bookkeeping: the pure half of reading a line, so
    /// that batches can read their lines on several threads.
    static func read(_ line: UnsafeRawBufferPointer) -> ReadLine {
        var body = line
        if let last = body.last, last == 0x0D { body = UnsafeRawBufferPointer(rebasing: body.dropLast()) }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        switch ActionParser.parse(body) {
        case .failure(let error): return .invalid(error)
        case .success(let entry): return .entry(entry)
        }
    }

    /// Skips an invalid line, reporting it with its 1-based number.
    mutating func report(_ error: LedgerActionError, lineNumber: Int, text: UnsafeRawBufferPointer) {
        counts.invalid += 1
        diagnostics.append(
            ReplayDiagnostic(line: lineNumber, problem: .invalid(error), text: PlaybookReplay.text(text[...])))
    }

    private static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        var body = bytes
        if body.last == 0x0D { body = body.dropLast() }
        return String(decoding: body, as: UTF8.self)
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var body = bytes
        if body.last == 0x0D { body = body.dropLast() }
        return String(decoding: body, as: UTF8.self)
    }

    private static func newline(in base: UnsafeRawPointer, from start: Int, to end: Int) -> Int? {
        guard let found = memchr(base + start, 0x0A, end - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }
}
