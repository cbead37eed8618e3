/// A domain whose entries the server orders: the state is a pure function of the set of entries.
///
/// Where a playbook is folded in file order (``PlaybookDomain``), an ordered-log domain declares
/// each entry's identity (``id(of:)``) and its server order (``order(of:)``), and
/// ``OrderedLogFold`` folds the set of entries in that order, incrementally, whatever order
/// and batching they arrive in:
/// - confirmed entries (those with an order) sorted by `(order, id)`, each id applied once;
/// - then local (unconfirmed) entries, in the order they were made;
/// - when the server's copy of a local entry arrives, it moves to its server position.
///
/// Every device must answer these questions identically, which is what makes all devices that
/// hold the same entries show the same state:
/// - ``id(of:)`` and ``order(of:)`` read the entry alone; the order of a confirmed entry never
///   changes, and an entry's id is unique (a second entry with the same id is a duplicate, or
///   a clash when its content differs, and is never applied).
/// - ``apply(_:to:)`` is pure and deterministic, and never throws: an entry that cannot apply
///   leaves the state unchanged and returns ``OrderedLogOutcome/skipped(_:)`` with a reason.
///
/// Ties in ``Order`` are broken by ``EntryID``, so the fold order is total even when the server
/// stamps two entries alike (TODO entries are ordered by `(ts, id)`, expense operations by
/// `(createdAt, operationId)`).
///
/// ```swift
/// struct NotesDomain: OrderedLogDomain {
///     var emptyState: [String] { [] }
///     func id(of entry: Note) -> String { entry.id }
///     func order(of entry: Note) -> Int? { entry.ts }
///     func apply(_ entry: Note, to state: inout [String]) -> OrderedLogOutcome {
///         guard !entry.text.isEmpty else { return .skipped("empty note") }
///         state.append(entry.text)
///         return .applied
///     }
/// }
/// ```
public protocol OrderedLogDomain: Sendable {
    /// The state every device holding the same entries converges on.
    associatedtype State: Equatable, Sendable
    /// One entry of the log, as the server or the device holds it.
    associatedtype Entry: Equatable, Sendable
    /// An entry's identity, unique across the log; breaks ties in ``Order``.
    associatedtype EntryID: Hashable, Comparable, Sendable
    /// The server's order stamp of a confirmed entry (`ts`, `createdAt`).
    associatedtype Order: Comparable, Sendable

    /// The state of an empty log.
    var emptyState: State { get }

    /// The identity of `entry`: the same for the local entry and for the server's copy of it.
    func id(of entry: Entry) -> EntryID

    /// The server's order stamp of `entry`, or `nil` while the entry is only local (unconfirmed).
    func order(of entry: Entry) -> Order?

    /// Applies `entry` to `state`: ``OrderedLogOutcome/applied``, or
    /// ``OrderedLogOutcome/skipped(_:)`` with the reason, leaving `state` unchanged.
    ///
    /// Pure and deterministic: the fold calls it again for entries it has applied before when
    /// an older entry arrives late, and expects the same result from the same state.
    func apply(_ entry: Entry, to state: inout State) -> OrderedLogOutcome
}
