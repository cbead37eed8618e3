import Foundation
import RxChain

/// The ledger's answers to the playbook sync engine: replay with ``PlaybookReplay``,
/// conflicts with ``LedgerRules``.
///
/// A queue record's payload is a ledger action either as a whole playbook line
/// (`{"type":…,"payload":…}`) or as the bare payload under the record's tag; both read
/// through ``ActionParser``, so the sync engine and replay see the same action.
///
/// ```swift
/// let transport = try await PlaybookTransport.open(
///     directory: store.appending(path: "sync"), remote: remote, domain: LedgerPlaybookDomain())
/// ```
public struct LedgerPlaybookDomain: PlaybookDomain {
    /// Creates the domain.
    public init() {}

    /// Bumped whenever ``LedgerRules`` or ``PlaybookReplay`` change what lines build.
    public var reducerVersion: Int { 1 }

    /// The empty ledger.
    public var emptyState: ReplicatedLedger { ReplicatedLedger() }

    /// `"ledger/1"`: the compact binary form of ``LedgerSnapshotCodec``.
    public var snapshotFormat: String { LedgerSnapshotCodec.format }

    /// Writes `state` in ``LedgerSnapshotCodec``'s binary form.
    public func encodeSnapshot(_ state: ReplicatedLedger, into writer: inout SnapshotWriter) {
        LedgerSnapshotCodec.encode(state, into: &writer)
    }

    /// Reads a ledger in ``LedgerSnapshotCodec``'s binary form.
    public func decodeSnapshot(from reader: inout SnapshotReader) throws -> ReplicatedLedger {
        try LedgerSnapshotCodec.decode(from: &reader)
    }

    public func apply(
        lines: Data, to state: inout ReplicatedLedger, actionIDs: inout ActionIDIndex, linesBefore: Int
    ) -> PlaybookLinesApplied {
        // Move the ledger and the index into the replay, so applying lines copies neither.
        var ledger = ReplicatedLedger()
        swap(&ledger, &state)
        var index = ActionIDIndex()
        swap(&index, &actionIDs)
        var replay = PlaybookReplay(
            ledger: consume ledger, actionIDs: consume index, consumedBytes: 0, linesRead: linesBefore)
        replay.feed(lines)
        state = replay.ledger
        actionIDs = replay.actionIDs
        return PlaybookLinesApplied(
            linesRead: replay.counts.linesRead - linesBefore, diagnostics: replay.allDiagnostics.map(\.reason))
    }

    public func apply(pending record: QueueRecord, to state: inout ReplicatedLedger) -> PendingActionOutcome {
        let action: LedgerAction
        switch Self.action(of: record) {
        case .success(let value): action = value
        case .failure(let error): return .invalid(reason: error.description)
        }
        switch LedgerRules.apply(action, to: &state) {
        case .applied: return .applied
        case .ignored(let reason): return .ignored(reason: "\(action.tag): \(reason)")
        case .invalid(let error): return .invalid(reason: error.description)
        }
    }

    public func line(for record: QueueRecord) throws -> Data {
        let action = try Self.action(of: record).get()
        guard let id = ActionID(parsing: record.key) else {
            throw LedgerActionError(
                field: "actionId", kind: .badActionID, detail: "\(record.key) is not <deviceId>:<seq>")
        }
        return Data(action.encodeLine(actionId: id).utf8)
    }

    /// The action a queue record carries: a whole line when the payload is an object with a
    /// `type`, else the bare payload under the record's tag.
    public static func action(of record: QueueRecord) -> Result<LedgerAction, LedgerActionError> {
        let whole = record.payload.withUnsafeBytes { ActionParser.parse($0) }
        if case .success(let entry) = whole { return .success(entry.action) }
        if isWholeLine(record.payload) { return whole.map(\.action) }
        var writer = JSONWriter()
        writer.raw("{\"type\":")
        writer.string(record.tag)
        writer.raw(",\"payload\":")
        var line = Data(writer.bytes)
        line.append(record.payload)
        line.append(UInt8(ascii: "}"))
        return line.withUnsafeBytes { ActionParser.parse($0) }.map(\.action)
    }

    /// Whether `payload` starts as `{"type"` (whitespace allowed).
    private static func isWholeLine(_ payload: Data) -> Bool {
        let significant = payload.lazy.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.prefix(7)
        return Array(significant) == Array(#"{"type""#.utf8)
    }
}
