/// The engine's fold of an ``OrderedLogDomain``: the state of a set of entries, kept up to date
/// incrementally as entries arrive in any order.
///
/// What it promises, whatever order and batching entries arrive in:
/// - ``state`` equals sorting every confirmed entry it accepted by `(order, id)`, folding them
///   from ``OrderedLogDomain/emptyState`` with ``OrderedLogDomain/apply(_:to:)``, then applying
///   the local entries not yet confirmed in the order they were added.
/// - Each id is applied once. The first copy of a confirmed id wins; a later copy is a
///   duplicate when equal, a clash when not, and changes nothing either way (both are
///   reported in ``diagnostics``). The server's copy of a local entry replaces the local one
///   and moves to its server position.
/// - Rules never throw: a skipped entry leaves the state as it was and is listed in
///   ``diagnostics`` with its reason, in fold order.
///
/// Cost: a confirmed entry that sorts after everything folded costs its own apply. One that
/// sorts earlier restores the last checkpoint at or before its position (a copy of the state
/// kept every ``checkpointInterval`` confirmed entries) and re-applies from there: at most
/// `checkpointInterval` + the entries after it, never a refold of everything. Local entries
/// are re-applied on top of the confirmed state after every change (they are few: what the
/// server has not confirmed yet). ``OrderedLogChange`` reports the applies each call made.
///
/// Memory: the entries, plus one copy of the state per ``checkpointInterval`` confirmed
/// entries. A state that shares structure between copies (copy-on-write collections of
/// small values) keeps checkpoints cheap; a large flat state calls for a larger interval.
///
/// ```swift
/// var fold = OrderedLogFold(domain: NotesDomain())
/// fold.addLocal(Note(id: "n9", ts: nil, text: "milk"))     // shown at once, on top
/// fold.receive([Note(id: "n2", ts: 20, text: "eggs"), Note(id: "n1", ts: 10, text: "tea")])
/// fold.state    // ["tea", "eggs", "milk"]
/// ```
///
/// > Important: A value type with no isolation of its own: the owner (an actor, a store's
/// > reducer) serialises its mutations.
public struct OrderedLogFold<Domain: OrderedLogDomain>: Sendable {
    /// The interval ``init(domain:checkpointInterval:)`` uses when none is given.
    public static var defaultCheckpointInterval: Int { 512 }

    /// The domain's rules.
    public let domain: Domain
    /// How many confirmed entries lie between two checkpoints of the state.
    public let checkpointInterval: Int

    /// The confirmed entries, sorted by ``keys``.
    @usableFromInline var confirmed: [Domain.Entry] = []
    /// `(order, id)` of each confirmed entry, ascending (no two equal: ids are unique).
    @usableFromInline var keys: [OrderedLogKey<Domain.Order, Domain.EntryID>] = []
    /// Why the rules skipped each confirmed entry, or `nil` where it applied.
    @usableFromInline var skipReasons: [String?] = []
    /// The order of every confirmed id, to find the copy held.
    @usableFromInline var confirmedOrders: [Domain.EntryID: Domain.Order] = [:]
    /// `checkpoints[i]` is the state after the first `i * checkpointInterval` confirmed
    /// entries; there are `confirmed.count / checkpointInterval + 1` of them.
    @usableFromInline var checkpoints: [Domain.State]
    /// The state after every confirmed entry.
    @usableFromInline var confirmedState: Domain.State

    /// The local (unconfirmed) entries, in the order they were added.
    @usableFromInline var locals: [Domain.Entry] = []
    /// Why the rules skipped each local entry (on top of the confirmed state), or `nil`.
    @usableFromInline var localSkipReasons: [String?] = []
    /// Duplicates, clashes and unordered entries, in the order they arrived.
    @usableFromInline var receiptDiagnostics: [OrderedLogDiagnostic<Domain.EntryID>] = []

    /// The confirmed state with the local entries on top; `nil` when there are none (so that
    /// no second reference to the confirmed state's storage makes its next apply copy it).
    @usableFromInline var localState: Domain.State?

    /// The state: the confirmed entries in `(order, id)` order, then the local entries.
    @inlinable
    public var state: Domain.State { localState ?? confirmedState }

    /// Creates an empty fold.
    ///
    /// - Parameters:
    ///   - domain: The rules.
    ///   - checkpointInterval: Confirmed entries between two checkpoints (at least 1): a late
    ///     entry re-applies at most this many entries before its position.
    @inlinable
    public init(domain: Domain, checkpointInterval: Int = Self.defaultCheckpointInterval) {
        self.domain = domain
        self.checkpointInterval = max(checkpointInterval, 1)
        let empty = domain.emptyState
        checkpoints = [empty]
        confirmedState = empty
    }

    /// The confirmed entries in fold order.
    @inlinable
    public var confirmedEntries: [Domain.Entry] { confirmed }

    /// The local entries not yet confirmed, in the order they were added.
    @inlinable
    public var localEntries: [Domain.Entry] { locals }

    /// What the fold reports: duplicates, clashes and unordered entries in the order they
    /// arrived, then the entries the rules skipped, in fold order (confirmed, then local).
    ///
    /// Skipped entries are a function of the set of entries: an entry skipped before an older
    /// one arrived may apply after it, and the other way round. Costs a pass over the entries.
    public var diagnostics: [OrderedLogDiagnostic<Domain.EntryID>] {
        var result = receiptDiagnostics
        for (entry, reason) in zip(confirmed, skipReasons) {
            if let reason { result.append(OrderedLogDiagnostic(id: domain.id(of: entry), kind: .skipped(reason))) }
        }
        for (entry, reason) in zip(locals, localSkipReasons) {
            if let reason { result.append(OrderedLogDiagnostic(id: domain.id(of: entry), kind: .skipped(reason))) }
        }
        return result
    }

    /// Adds an entry made on this device, not yet confirmed: applied on top of the confirmed
    /// state, after the local entries added before it.
    ///
    /// An entry whose id the fold already holds (confirmed or local) is not added: a duplicate
    /// when it equals the local entry held or the id is confirmed, a clash otherwise. The
    /// entry's order, if any, is not read while it is local.
    @inlinable @discardableResult
    public mutating func addLocal(_ entry: Domain.Entry) -> OrderedLogChange {
        var change = OrderedLogChange()
        let id = domain.id(of: entry)
        if confirmedOrders[id] != nil {
            change.rejected = 1
            receiptDiagnostics.append(OrderedLogDiagnostic(id: id, kind: .duplicate))
            return change
        }
        if let held = locals.first(where: { domain.id(of: $0) == id }) {
            change.rejected = 1
            receiptDiagnostics.append(OrderedLogDiagnostic(id: id, kind: held == entry ? .duplicate : .clash))
            return change
        }
        change.accepted = 1
        change.localApplied = 1
        locals.append(entry)
        var state = localState ?? confirmedState
        localState = nil
        localSkipReasons.append(Self.reason(domain.apply(entry, to: &state)))
        localState = state
        return change
    }

    /// Whether the fold holds a confirmed entry with `id`.
    @inlinable
    public func isConfirmed(_ id: Domain.EntryID) -> Bool { confirmedOrders[id] != nil }

    /// Removes the local entry with `id` (one the server refused for good): the state no longer
    /// shows it, and the local entries after it are applied again without it.
    ///
    /// - Returns: whether a local entry with that id was held.
    @inlinable @discardableResult
    package mutating func discardLocal(_ id: Domain.EntryID) -> Bool {
        guard let index = locals.firstIndex(where: { domain.id(of: $0) == id }) else { return false }
        locals.remove(at: index)
        localSkipReasons.remove(at: index)
        localState = nil
        applyLocals()
        return true
    }

    @inlinable
    static func reason(_ outcome: OrderedLogOutcome) -> String? {
        switch outcome {
        case .applied: nil
        case .skipped(let reason): reason
        }
    }
}
