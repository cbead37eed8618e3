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
/// - A valid line with `"actionId":"<device>:<seq>"` is applied only when it is the first to
///   claim that actionId (``actionIDs``, see ``ActionIDIndex``); a later line with the same
///   actionId is skipped and reported, as a duplicate when its bytes are the first line's, as a
///   clash when they are not. Lines without an actionId always apply.
/// - Bytes after the last `\n` are a *torn* line: kept pending, reported by ``tornLine``, and
///   completed by the next bytes fed.
/// - With `upto: N`, replay stops after line N (time travel); later bytes are not read.
/// - A feed holding many complete lines is replayed on several threads (see
///   ``ReplayParallelism``); the result is the same, line for line, as one thread's.
///
/// Resuming: ``consumedBytes`` is the offset just after the last complete line consumed.
/// Keep the replay value (or rebuild one with ``init(ledger:actionIDs:consumedBytes:linesRead:upto:)``)
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
    /// Lines skipped so far (invalid, duplicate, clashing), in line order (a torn last line is
    /// in ``tornLine``).
    public internal(set) var diagnostics: [ReplayDiagnostic] = []
    /// Every actionId claimed so far, with the digest of the line that claimed it.
    public internal(set) var actionIDs: ActionIDIndex
    /// Bytes of complete lines consumed: where the next read of the playbook starts.
    public internal(set) var consumedBytes: Int
    /// The last line number to read, if replay stops early.
    public let upto: Int?
    /// Bytes after the last newline, waiting for the rest of their line.
    private var pending: [UInt8] = []
    /// The ``actionIDs`` slots of the devices met lately, found without hashing their ids.
    var recentDevices = RecentDevices()

    /// Starts a replay from an empty ledger (or a given one), reading at most `upto` lines.
    public init(ledger: ReplicatedLedger = ReplicatedLedger(), upto: Int? = nil) {
        self.init(ledger: ledger, actionIDs: ActionIDIndex(), consumedBytes: 0, linesRead: 0, upto: upto)
    }

    /// Starts a replay that spreads large batches as `parallelism` says (tests compare the two ways).
    init(upto: Int? = nil, parallelism: ReplayParallelism) {
        self.init(
            ledger: ReplicatedLedger(), actionIDs: ActionIDIndex(), consumedBytes: 0, linesRead: 0, upto: upto,
            parallelism: parallelism)
    }

    /// Resumes a replay from saved progress: the ledger built from the first `linesRead`
    /// lines (`consumedBytes` bytes), with the actionIds they claim.
    public init(
        ledger: ReplicatedLedger, actionIDs: ActionIDIndex, consumedBytes: Int, linesRead: Int,
        upto: Int? = nil
    ) {
        self.init(
            ledger: ledger, actionIDs: actionIDs, consumedBytes: consumedBytes, linesRead: linesRead,
            upto: upto, parallelism: .automatic)
    }

    init(
        ledger: ReplicatedLedger, actionIDs: ActionIDIndex, consumedBytes: Int, linesRead: Int,
        upto: Int?, parallelism: ReplayParallelism
    ) {
        self.categories = ledger.categories
        self.transactionParts = [ledger.transactions]
        self.parallelism = parallelism
        self.actionIDs = actionIDs
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
            if let error = entry.action.validationError {
                report(error, lineNumber: counts.linesRead, text: line)
            } else if let actionID = entry.actionId, !claim(actionID, digest: LineDigest.of(line), line: line) {
                return
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

    /// Claims `actionID` for the line just read; false (the line is counted, reported and
    /// skipped) when an earlier line holds it.
    private mutating func claim(_ actionID: ActionID, digest: UInt64, line: UnsafeRawBufferPointer) -> Bool {
        let slot = recentDevices.slot(of: actionID.deviceID, in: &actionIDs)
        let claim = actionIDs.claim(seq: actionID.seq, digest: digest, in: slot)
        guard claim != .first else { return true }
        diagnostics.append(skippedDiagnostic(claim, actionID, lineNumber: counts.linesRead, text: line))
        return false
    }

    /// Counts a line whose actionId an earlier line holds, and returns its diagnostic.
    mutating func skippedDiagnostic(
        _ claim: ActionIDIndex.Claim, _ actionID: ActionID, lineNumber: Int, text: UnsafeRawBufferPointer
    ) -> ReplayDiagnostic {
        let problem: ReplayDiagnostic.Problem
        if claim == .duplicate {
            counts.duplicates += 1
            problem = .duplicate(actionID)
        } else {
            counts.clashes += 1
            problem = .clash(actionID)
        }
        return ReplayDiagnostic(line: lineNumber, problem: problem, text: PlaybookReplay.text(text[...]))
    }

    /// Skips an invalid line, reporting it with its 1-based number.
    mutating func report(_ error: LedgerActionError, lineNumber: Int, text: UnsafeRawBufferPointer) {
        diagnostics.append(invalidDiagnostic(error, lineNumber: lineNumber, text: text))
    }

    /// Counts an invalid line, and returns its diagnostic.
    mutating func invalidDiagnostic(_ error: LedgerActionError, lineNumber: Int, text: UnsafeRawBufferPointer)
        -> ReplayDiagnostic
    {
        counts.invalid += 1
        return ReplayDiagnostic(line: lineNumber, problem: .invalid(error), text: PlaybookReplay.text(text[...]))
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
