import Foundation
import RxChainCollections

/// Rebuilds a domain's state from a playbook, streaming, incrementally, and tolerantly.
///
/// Feed the playbook's bytes in chunks of any size; each complete line (ended by `\n`, with
/// an optional `\r` before it) is read by the domain (``PlaybookDomain/readLine(_:)``) and
/// applied by its rules. Memory is proportional to the state, the actionIds and the lines
/// reported, not the file.
///
/// - Blank lines count as lines and are skipped.
/// - A line that is not a valid action is skipped and reported with its 1-based number; it
///   never stops the replay.
/// - A valid line with `"actionId":"<device>:<seq>"` is applied only when it is the first to
///   claim that actionId (`actionIDs`, see `ActionIDIndex`); a later line with the same
///   actionId is skipped and reported, as a duplicate when its bytes are the first line's, as a
///   clash when they are not. Lines without an actionId always apply.
/// - Bytes after the last `\n` are a *torn* line: kept pending, reported by ``tornLine``, and
///   completed by the next bytes fed.
/// - With `upto: N`, replay stops after line N (time travel); later bytes are not read.
/// - A feed holding many complete lines is replayed on several threads (see
///   `ReplayParallelism`); the result is the same, line for line, as one thread's.
///
/// Resuming: ``consumedBytes`` is the offset just after the last complete line consumed.
/// Keep the replay value (or rebuild one with `init(domain:state:actionIDs:consumedBytes:linesRead:upto:)`)
/// and feed the bytes from that offset on, and only the new lines are applied.
///
/// ```swift
/// var replay = PlaybookReplay(domain: LedgerDomain())
/// replay.feed(Data(playbookText.utf8))
/// print(replay.state, replay.counts.applied, replay.diagnostics.map(\.reason))
/// ```
public struct PlaybookReplay<Domain: PlaybookDomain>: Sendable {
    /// The domain whose lines are replayed.
    public let domain: Domain
    /// The state rebuilt so far, but for its entities while they are in ``entityParts``.
    @usableFromInline var base: Domain.State
    /// The entities rebuilt so far (when the domain has ``PlaybookDomain/entities``): one map,
    /// or after a parallel batch, the parts it was split into by key
    /// (`TreeDictionary.split(into:)`), each edited by its own thread. Empty without entities.
    @usableFromInline var entityParts: [TreeDictionary<Domain.EntityKey, Domain.Entity>]
    /// How large batches of lines are spread over threads.
    @usableFromInline let parallelism: ReplayParallelism
    /// What became of the lines read so far.
    public var counts: ReplayCounts { _counts }
    @usableFromInline var _counts = ReplayCounts()
    /// Lines skipped so far (invalid, duplicate, clashing), in line order (a torn last line is
    /// in ``tornLine``).
    public var diagnostics: [ReplayDiagnostic] { _diagnostics }
    @usableFromInline var _diagnostics: [ReplayDiagnostic] = []
    /// Every actionId claimed so far, with the digest of the line that claimed it.
    @usableFromInline package var actionIDs: ActionIDIndex { _actionIDs }
    @usableFromInline var _actionIDs: ActionIDIndex
    /// Bytes of complete lines consumed: where the next read of the playbook starts.
    public var consumedBytes: Int { _consumedBytes }
    @usableFromInline var _consumedBytes: Int
    /// The last line number to read, if replay stops early.
    public let upto: Int?
    /// Bytes after the last newline, waiting for the rest of their line.
    @usableFromInline var pending: [UInt8] = []
    /// The ``actionIDs`` slots of the devices met lately, found without hashing their ids.
    @usableFromInline var recentDevices = RecentDevices()

    /// Starts a replay of `domain`'s playbook from its empty state, reading at most `upto` lines.
    public init(domain: Domain, upto: Int? = nil) {
        self.init(
            domain: domain, state: domain.emptyState, actionIDs: ActionIDIndex(), consumedBytes: 0, linesRead: 0,
            upto: upto)
    }

    /// Resumes a replay from saved progress: the state built from the first `linesRead` lines
    /// (`consumedBytes` bytes), with the actionIds they claim.
    @usableFromInline package init(
        domain: Domain, state: Domain.State, actionIDs: ActionIDIndex, consumedBytes: Int, linesRead: Int,
        upto: Int? = nil
    ) {
        self.init(
            domain: domain, state: state, actionIDs: actionIDs, consumedBytes: consumedBytes, linesRead: linesRead,
            upto: upto, parallelism: .automatic)
    }

    /// A replay from the empty state that spreads large batches as `parallelism` says (tests
    /// compare the two ways).
    package init(domain: Domain, upto: Int? = nil, parallelism: ReplayParallelism) {
        self.init(
            domain: domain, state: domain.emptyState, actionIDs: ActionIDIndex(), consumedBytes: 0, linesRead: 0,
            upto: upto, parallelism: parallelism)
    }

    /// A replay that spreads large batches as `parallelism` says (tests compare the two ways).
    @usableFromInline package init(
        domain: Domain, state: Domain.State, actionIDs: ActionIDIndex, consumedBytes: Int, linesRead: Int,
        upto: Int?, parallelism: ReplayParallelism
    ) {
        self.domain = domain
        var base = state
        if let entities = domain.entities {
            entityParts = [base[keyPath: entities]]
            base[keyPath: entities] = TreeDictionary()
        } else {
            entityParts = []
        }
        self.base = base
        self.parallelism = parallelism
        self._actionIDs = actionIDs
        self._consumedBytes = consumedBytes
        self._counts.linesRead = linesRead
        self.upto = upto
    }

    /// The state rebuilt so far.
    ///
    /// Assembled on each read from the replay's parts (in O(1) when the entities are in one
    /// part, O(32) otherwise): read it once after feeding, not per line.
    public var state: Domain.State {
        guard let entities = domain.entities else { return base }
        var state = base
        state[keyPath: entities] =
            entityParts.count == 1 ? entityParts[0] : TreeDictionary(joining: entityParts)
        return state
    }

    /// Whether `upto` lines have been read, so further bytes are ignored.
    @inlinable public var reachedLimit: Bool { upto.map { counts.linesRead >= $0 } ?? false }

    /// The pending bytes after the last newline, reported as a torn line; `nil` when none.
    public var tornLine: ReplayDiagnostic? {
        guard !pending.isEmpty, !reachedLimit else { return nil }
        return ReplayDiagnostic(line: counts.linesRead + 1, problem: .torn, text: Self.text(pending[...]))
    }

    /// Every problem found, torn last line included.
    public var allDiagnostics: [ReplayDiagnostic] { diagnostics + (tornLine.map { [$0] } ?? []) }

    /// Feeds the playbook's next bytes (continuing right after the bytes fed before).
    @inlinable public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard !reachedLimit, let base = bytes.baseAddress else { return }
        var start = 0
        let count = bytes.count
        if !pending.isEmpty {
            guard let newline = Self.newline(in: base, from: 0, to: count) else {
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
            guard let newline = Self.newline(in: base, from: start, to: count) else { break }
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
    @inlinable public mutating func feed(_ data: Data) {
        data.withUnsafeBytes { feed($0) }
    }

    /// Feeds bytes read from offset `offset` of the playbook: either ``consumedBytes`` (the
    /// pending torn line is dropped and read again) or right after everything fed so far.
    @inlinable public mutating func feed(_ data: Data, startingAt offset: Int) {
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
    @inlinable mutating func consumeLine(_ line: UnsafeRawBufferPointer) {
        _counts.linesRead += 1
        _consumedBytes += line.count + 1
        switch Self.read(line, domain: domain) {
        case .blank:
            _counts.blank += 1
        case .invalid(let error):
            _diagnostics.append(invalidDiagnostic(error.description, lineNumber: counts.linesRead, text: line))
        case .entry(let entry):
            if let error = domain.validationError(of: entry.action) {
                _diagnostics.append(invalidDiagnostic(error.description, lineNumber: counts.linesRead, text: line))
            } else if let actionID = entry.actionId, !claim(actionID, digest: LineDigest.of(line), line: line) {
                return
            } else if let error = apply(entry.action) {
                _diagnostics.append(invalidDiagnostic(error.description, lineNumber: counts.linesRead, text: line))
            }
        }
    }

    /// Applies a valid action by its scope; returns the error when the rules found it invalid.
    @inlinable mutating func apply(_ action: Domain.Action) -> Domain.LineError? {
        guard domain.entities != nil else { return count(domain.apply(action, to: &base)) }
        switch domain.scope(of: action) {
        case .entity(let key):
            let part = TreeDictionary<Domain.EntityKey, Domain.Entity>.part(of: key, among: entityParts.count)
            return count(domain.apply(action, toEntities: &entityParts[part]))
        case .all:
            let (outcome, edit) = domain.applyToAll(action, to: &base)
            if let edit {
                for part in entityParts.indices { domain.apply(edit, toEntities: &entityParts[part]) }
            }
            return count(outcome)
        }
    }

    /// Counts an applied or ignored action; returns the error of an invalid one (not counted
    /// yet: its diagnostic counts it).
    @inlinable mutating func count(_ outcome: RuleOutcome<Domain.IgnoreReason, Domain.LineError>) -> Domain.LineError? {
        switch outcome {
        case .applied: _counts.applied += 1
        case .ignored: _counts.ignored += 1
        case .invalid(let error): return error
        }
        return nil
    }

    /// What one line holds, before any bookkeeping: the pure half of reading a line, so
    /// that batches can read their lines on several threads.
    @inlinable static func read(_ line: UnsafeRawBufferPointer, domain: Domain) -> ReadLine<
        Domain.Action, Domain.LineError
    > {
        var body = line
        if let last = body.last, last == 0x0D { body = UnsafeRawBufferPointer(rebasing: body.dropLast()) }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        switch domain.readLine(body) {
        case .failure(let error): return .invalid(error)
        case .success(let entry): return .entry(entry)
        }
    }

    /// Claims `actionID` for the line just read; false (the line is counted, reported and
    /// skipped) when an earlier line holds it.
    @inlinable mutating func claim(_ actionID: ActionID, digest: UInt64, line: UnsafeRawBufferPointer) -> Bool {
        let slot = recentDevices.slot(of: actionID.deviceID, in: &_actionIDs)
        let claim = _actionIDs.claim(seq: actionID.seq, digest: digest, in: slot)
        guard claim != .first else { return true }
        _diagnostics.append(skippedDiagnostic(claim, actionID, lineNumber: counts.linesRead, text: line))
        return false
    }

    /// Counts a line whose actionId an earlier line holds, and returns its diagnostic.
    @usableFromInline mutating func skippedDiagnostic(
        _ claim: ActionIDIndex.Claim, _ actionID: ActionID, lineNumber: Int, text: UnsafeRawBufferPointer
    ) -> ReplayDiagnostic {
        let problem: ReplayDiagnostic.Problem
        if claim == .duplicate {
            _counts.duplicates += 1
            problem = .duplicate(actionID)
        } else {
            _counts.clashes += 1
            problem = .clash(actionID)
        }
        return ReplayDiagnostic(line: lineNumber, problem: problem, text: Self.text(text[...]))
    }

    /// Counts an invalid line, and returns its diagnostic.
    @usableFromInline mutating func invalidDiagnostic(_ reason: String, lineNumber: Int, text: UnsafeRawBufferPointer)
        -> ReplayDiagnostic
    {
        _counts.invalid += 1
        return ReplayDiagnostic(line: lineNumber, problem: .invalid(reason), text: Self.text(text[...]))
    }

    @usableFromInline static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        var body = bytes
        if body.last == 0x0D { body = body.dropLast() }
        return String(decoding: body, as: UTF8.self)
    }

    @usableFromInline static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var body = bytes
        if body.last == 0x0D { body = body.dropLast() }
        return String(decoding: body, as: UTF8.self)
    }

    @inlinable static func newline(in base: UnsafeRawPointer, from start: Int, to end: Int) -> Int? {
        guard let found = memchr(base + start, 0x0A, end - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }
}
