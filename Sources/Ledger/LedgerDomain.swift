import Foundation
import RxChainCollections
import RxChainCore
import RxChainJSON
import RxChainLogs

/// The expense ledger as a playbook domain: its state (``ReplicatedLedger``), its actions
/// (``LedgerAction``) read by the fast ``ActionParser`` and written by
/// ``LedgerAction/encodeLine(actionId:)``, its conflict rules (``LedgerRules``), its binary
/// snapshot (`LedgerSnapshotCodec`), and its entities for parallel replay: the transactions
/// by id (a put or delete touches only its own record), with category renames and deletes
/// moving records at their place in line order (``CategoryMove``).
///
/// A queue record's payload is a ledger action either as a whole playbook line
/// (`{"type":…,"payload":…}`) or as the bare payload under the record's tag; both read
/// through ``ActionParser``, so the sync engine and replay see the same action.
///
/// ```swift
/// let replay = try LedgerReplay.replay(contentsOf: url)
/// let device = try await LedgerDevice.open(directory: store)  // its sync uses the same rules
/// ```
public struct LedgerDomain: PlaybookDomain {
    /// Creates the domain.
    public init() {}

    /// `ledger`.
    public var name: String { "ledger" }

    /// Bumped whenever ``LedgerRules`` or the replay change what lines build.
    public var reducerVersion: Int { 1 }

    /// The empty ledger.
    public var emptyState: ReplicatedLedger { ReplicatedLedger() }

    public func readLine(_ line: UnsafeRawBufferPointer) -> Result<PlaybookEntry<LedgerAction>, LedgerActionError> {
        ActionParser.parse(line)
    }

    public func lineBytes(for action: LedgerAction, actionId: ActionID?) -> [UInt8] {
        Array(action.encodeLine(actionId: actionId).utf8)
    }

    /// The action a queue record carries: a whole line when the payload is an object with a
    /// `type`, else the bare payload under the record's tag.
    public func action(of record: QueueRecord) -> Result<LedgerAction, LedgerActionError> {
        let whole = record.payload.withUnsafeBytes { ActionParser.parse($0) }
        if case .success(let entry) = whole { return .success(entry.action) }
        if Self.isWholeLine(record.payload) { return whole.map(\.action) }
        var writer = JSONWriter()
        writer.raw("{\"type\":")
        writer.string(record.tag)
        writer.raw(",\"payload\":")
        var line = Data(writer.bytes)
        line.append(record.payload)
        line.append(UInt8(ascii: "}"))
        return line.withUnsafeBytes { ActionParser.parse($0) }.map(\.action)
    }

    public func validationError(of action: LedgerAction) -> LedgerActionError? {
        action.validationError
    }

    public func apply(_ action: LedgerAction, to state: inout ReplicatedLedger) -> LedgerRuleOutcome {
        LedgerRules.apply(action, to: &state)
    }

    // MARK: Entities: the transactions by id

    public var entities: WritableKeyPath<ReplicatedLedger, TreeDictionary<String, Transaction>>? {
        \.transactions
    }

    public func scope(of action: LedgerAction) -> ActionScope<String> {
        action.transactionID.map { .entity($0) } ?? .all
    }

    public func apply(_ action: LedgerAction, toEntities entities: inout TreeDictionary<String, Transaction>)
        -> LedgerRuleOutcome
    {
        LedgerRules.applyToTransactions(action, in: &entities)
    }

    public func applyToAll(_ action: LedgerAction, to state: inout ReplicatedLedger) -> (
        LedgerRuleOutcome, CategoryMove?
    ) {
        LedgerRules.applyToCategories(action, in: &state.categories)
    }

    public func apply(_ edit: CategoryMove, toEntities entities: inout TreeDictionary<String, Transaction>) {
        LedgerRules.move(edit, in: &entities)
    }

    // MARK: Snapshot

    /// `"ledger/1"`: the compact binary form of `LedgerSnapshotCodec`.
    public var snapshotFormat: String { LedgerSnapshotCodec.format }

    /// Writes `state` in `LedgerSnapshotCodec`'s binary form.
    public func encodeSnapshot(_ state: ReplicatedLedger, into writer: inout SnapshotWriter) {
        LedgerSnapshotCodec.encode(state, into: &writer)
    }

    /// Reads a ledger in `LedgerSnapshotCodec`'s binary form.
    public func decodeSnapshot(from reader: inout SnapshotReader) throws -> ReplicatedLedger {
        try LedgerSnapshotCodec.decode(from: &reader)
    }

    /// Whether `payload` starts as `{"type"` (whitespace allowed).
    private static func isWholeLine(_ payload: Data) -> Bool {
        let significant = payload.lazy.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.prefix(7)
        return Array(significant) == Array(#"{"type""#.utf8)
    }
}

/// Replays of the ledger's playbooks.
public typealias LedgerReplay = PlaybookReplay<LedgerDomain>

/// One readable ledger line: the action and its `actionId`, if any.
public typealias LedgerEntry = PlaybookEntry<LedgerAction>

extension PlaybookReplay where Domain == LedgerDomain {
    /// Starts a replay of a ledger playbook, from an empty ledger, reading at most `upto` lines.
    public init(upto: Int? = nil) {
        self.init(domain: LedgerDomain(), upto: upto)
    }

    /// The ledger rebuilt so far (see ``PlaybookReplay/state``).
    public var ledger: ReplicatedLedger { state }

    /// Replays a whole ledger playbook held in memory.
    public static func replay(_ data: Data, upto: Int? = nil) -> PlaybookReplay {
        replay(data, domain: LedgerDomain(), upto: upto)
    }

    /// Replays a ledger playbook file from its first line, reading it in chunks.
    public static func replay(contentsOf url: URL, upto: Int? = nil, chunkSize: Int = 4 << 20) throws
        -> PlaybookReplay
    {
        try replay(contentsOf: url, domain: LedgerDomain(), upto: upto, chunkSize: chunkSize)
    }
}
