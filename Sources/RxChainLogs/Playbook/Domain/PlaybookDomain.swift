import Foundation
import RxChainCollections
import RxChainCore
import RxChainJSON

/// A domain is its rules: its replicated state, its actions and their line codec, the rules
/// that apply an action to the state, and (optionally) a snapshot codec and a partition of the
/// state into entities for parallel replay. Everything else — reading NDJSON, `actionId`
/// de-duplication, replay on one thread or many, time travel, the device with its durable
/// queue and local file, remotes and the sync driver — is the engine's, generic over the domain.
///
/// Every device must answer these questions identically, which is what makes all devices
/// converge on `replay(playbook)`:
/// - ``readLine(_:)`` and ``lineBytes(for:actionId:)`` are one codec: reading a line the domain
///   wrote gives back its action and `actionId`, and writing the same action gives the same bytes
///   every time (the engine recognises its own lines by their digest, see `LineDigest`).
/// - ``apply(_:to:)`` is pure and deterministic.
/// - With entities (``entities``), applying an action by its ``scope(of:)`` gives the same as
///   ``apply(_:to:)``: an ``ActionScope/entity(_:)`` action through
///   ``apply(_:toEntities:)-3sthu`` on the entity map alone, an ``ActionScope/all`` action through
///   ``applyToAll(_:to:)`` on the rest of the state, then its ``EntityEdit`` on every entity.
///
/// A domain with a `Codable` state and `Codable` actions whose lines are
/// `{"type":…,"payload":…}` gets everything but its rules for free; see ``PlaybookLine``.
///
/// ```swift
/// struct RegisterDomain: PlaybookDomain {
///     var name: String { "register" }
///     var reducerVersion: Int { 1 }
///     var emptyState: [String: Int] { [:] }
///     func apply(_ action: SetValue, to state: inout [String: Int]) -> RuleOutcome<Never, PlaybookLineError> {
///         state[action.key] = action.value
///         return .applied
///     }
///     // readLine, lineBytes: from PlaybookLine's defaults for Codable actions
/// }
/// ```
public protocol PlaybookDomain: Sendable {
    /// The replicated state every device converges on (saved in the local file).
    associatedtype State: Codable, Equatable, Sendable
    /// What one playbook line asks for.
    associatedtype Action: Sendable
    /// Why a conflict rule turned an action down.
    associatedtype IgnoreReason: Sendable, Hashable, CustomStringConvertible
    /// Why a line is not an action of the domain, naming the field.
    associatedtype LineError: FieldError
    /// The key of one entity of the state (``entities``), for parallel replay.
    associatedtype EntityKey: Hashable, Sendable = Never
    /// One entity of the state.
    associatedtype Entity: Sendable = Never
    /// What an ``ActionScope/all`` action does to every entity (the ledger's category move).
    associatedtype EntityEdit: Sendable = Never

    /// The domain's name in the terminal and in diagnostics (`ledger`).
    var name: String { get }

    /// The version of the rules that build ``State`` from lines; a local file made by
    /// another version is rebuilt by replaying the whole playbook.
    var reducerVersion: Int { get }

    /// The state of an empty playbook.
    var emptyState: State { get }

    /// Reads one line (its bytes without the `\n`; a trailing `\r` counts as whitespace): the
    /// action and the line's `actionId`, or why it is not a line of this domain.
    ///
    /// Called for every line of every replay, on several threads at once: keep it fast and pure.
    func readLine(_ line: UnsafeRawBufferPointer) -> Result<PlaybookEntry<Action>, LineError>

    /// The line for `action` (without its `\n`), carrying `actionId` when given: the same
    /// bytes every time for the same action and id.
    func lineBytes(for action: Action, actionId: ActionID?) -> [UInt8]

    /// The action a queue record carries (its payload, as the device's store queued it).
    ///
    /// Defaults to ``readLine(_:)`` of the payload: the record holds the action's line.
    func action(of record: QueueRecord) -> Result<Action, LineError>

    /// Why `action` can never be applied whatever the state (e.g. an empty id), or `nil`.
    ///
    /// Replay reports such a line as invalid, and the line claims no `actionId`. Defaults to `nil`.
    func validationError(of action: Action) -> LineError?

    /// Applies `action` to `state`; `state` is unchanged unless the outcome is ``RuleOutcome/applied``.
    func apply(_ action: Action, to state: inout State) -> RuleOutcome<IgnoreReason, LineError>

    /// Applies complete playbook lines (each ending in `"\n"`) to `state`, in order: replay,
    /// as the engine does it (``PlaybookReplay``).
    ///
    /// Leave it to the default. It is a requirement (not only an extension method) so that
    /// the engine's generic code reaches a copy of replay specialised for the domain.
    func replay(_ batch: inout PlaybookLineBatch, into state: inout State)

    // MARK: Parallel replay (optional)

    /// Where the state keeps its entities, for replay on several threads; `nil` (the
    /// default) replays the actions in order on one thread (the lines are still read on several).
    var entities: WritableKeyPath<State, TreeDictionary<EntityKey, Entity>>? { get }

    /// Which part of the state `action` reads and writes. Defaults to ``ActionScope/all``.
    func scope(of action: Action) -> ActionScope<EntityKey>

    /// Applies an ``ActionScope/entity(_:)`` action to (a part of) the entity map: it reads and
    /// writes only its own entity.
    func apply(_ action: Action, toEntities entities: inout TreeDictionary<EntityKey, Entity>) -> RuleOutcome<
        IgnoreReason, LineError
    >

    /// Applies an ``ActionScope/all`` action to the state while its entities are elsewhere
    /// (the entity map is empty): the outcome, and what the action does to every entity.
    /// Defaults to ``apply(_:to:)`` and no edit.
    func applyToAll(_ action: Action, to state: inout State) -> (RuleOutcome<IgnoreReason, LineError>, EntityEdit?)

    /// Applies an ``ActionScope/all`` action's edit to (a part of) the entity map.
    func apply(_ edit: EntityEdit, toEntities entities: inout TreeDictionary<EntityKey, Entity>)

    // MARK: Snapshot (optional)

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
}
