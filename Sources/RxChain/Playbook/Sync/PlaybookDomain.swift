import Foundation

/// What the playbook sync engine needs to know about one domain: its replicated state,
/// how playbook lines change it, and how a pending local action would.
///
/// The engine (``PlaybookTransport``) is domain-agnostic: it moves bytes between a
/// ``PlaybookRemote``, a device's local file and its ``SyncQueue``, and asks the domain
/// only these questions. Every device must answer them identically, which is what makes
/// all devices converge on `replay(playbook)`.
///
/// Rules a conformance keeps:
/// - ``apply(lines:to:actionIDs:linesBefore:)`` is replay: applying a playbook in any split
///   into chunks gives the same state and index as applying it whole.
/// - A valid line carrying `"actionId":"<deviceId>:<seq>"` is applied only when it claims its
///   actionId first (``ActionIDIndex/claim(_:digest:)`` with the ``LineDigest`` of the line);
///   a later line with a claimed actionId is skipped and reported as a duplicate or a clash.
///   The engine reads the index to recognise lines it wrote whose answer was lost (same
///   actionId, same digest as the record's own line), so every line of ``line(for:)`` must
///   carry the record's key as its `actionId`, and be the same bytes every time it is made.
/// - ``apply(pending:to:)`` on the state a playbook replays to gives the same outcome as
///   replaying that record's line after it.
///
/// ```swift
/// struct CounterDomain: PlaybookDomain {
///     var reducerVersion: Int { 1 }
///     var emptyState: Int { 0 }
///     // …
/// }
/// ```
public protocol PlaybookDomain: Sendable {
    /// The replicated state every device converges on (saved in the local file).
    associatedtype State: Codable, Equatable, Sendable

    /// The version of the rules that build ``State`` from lines; a local file made by
    /// another version is rebuilt by replaying the whole playbook.
    var reducerVersion: Int { get }

    /// The state of an empty playbook.
    var emptyState: State { get }

    /// Names the encoding of ``State`` in the local file, version included (e.g. `"ledger/1"`).
    ///
    /// Saved beside the state; a local file whose format differs is rebuilt by replaying
    /// the playbook, so change it whenever ``encodeSnapshot(_:into:)`` changes. Defaults to
    /// `"json"` (the state's `Codable` form).
    var snapshotFormat: String { get }

    /// Writes `state` for the local file, in ``snapshotFormat``.
    ///
    /// Defaults to the state's `Codable` form through `JSONEncoder`; a domain with a large
    /// state supplies a compact binary form, which is what makes opening a device cheap.
    func encodeSnapshot(_ state: State, into writer: inout SnapshotWriter) throws

    /// Reads back a state that ``encodeSnapshot(_:into:)`` wrote: it must equal (`==`) the
    /// state written, and it must read every byte the encoder wrote (no more: the engine
    /// checks that the reader ends where the file does).
    ///
    /// - Throws: when the bytes are not such a state. The engine checks a CRC-32 before
    ///   calling it, but a decoder must still throw, never trap, on any input.
    func decodeSnapshot(from reader: inout SnapshotReader) throws -> State

    /// Applies complete playbook lines (each ending in `"\n"`) to `state`, in order.
    ///
    /// - Parameters:
    ///   - lines: the bytes of zero or more complete lines, exactly as the remote stores them.
    ///   - state: the state built from the first `linesBefore` lines.
    ///   - actionIDs: the actionIds the first `linesBefore` lines claim; the lines read add theirs.
    ///   - linesBefore: how many lines precede `lines`, for line numbers in diagnostics.
    /// - Returns: how many lines were read and the problems found (bad, duplicate and clashing
    ///   lines are skipped, never fatal).
    func apply(
        lines: Data, to state: inout State, actionIDs: inout ActionIDIndex, linesBefore: Int
    ) -> PlaybookLinesApplied

    /// Applies a pending local action (a queue record) on top of `state`, as replay would
    /// apply its line; `state` changes only when the outcome is ``PendingActionOutcome/applied``.
    func apply(pending record: QueueRecord, to state: inout State) -> PendingActionOutcome

    /// The playbook line for `record`, without its newline, with `"actionId":"<record.key>"`:
    /// the same bytes every time (the engine compares their digest with the playbook's).
    ///
    /// - Throws: when the record's payload is not an action of this domain.
    func line(for record: QueueRecord) throws -> Data
}
