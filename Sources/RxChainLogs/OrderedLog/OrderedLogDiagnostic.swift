/// Something the fold reports about one entry: a copy it did not apply, or an entry the rules skipped.
public struct OrderedLogDiagnostic<EntryID: Hashable & Sendable>: Sendable, Hashable {
    /// What happened to the entry.
    public enum Kind: Sendable, Hashable {
        /// A second copy of a known entry, identical to the one held: it changed nothing.
        case duplicate
        /// A second copy of a confirmed entry whose content differs from the one held: the
        /// first copy stays, this one is never applied.
        case clash
        /// An entry given to ``OrderedLogFold/receive(_:)`` as confirmed that has no order; it
        /// was not applied.
        case unordered
        /// The domain's rules skipped the entry (``OrderedLogOutcome/skipped(_:)``), for this reason.
        case skipped(String)
    }

    /// The entry's identity.
    public var id: EntryID
    /// What happened to it.
    public var kind: Kind

    /// Creates a diagnostic for entry `id`.
    @usableFromInline package init(id: EntryID, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}

extension OrderedLogDiagnostic: CustomStringConvertible {
    /// `"<id>: duplicate"`, `"<id>: clash (…)"`, `"<id>: skipped: <reason>"`.
    public var description: String {
        switch kind {
        case .duplicate: "\(id): duplicate of an entry already held"
        case .clash: "\(id): clash: another entry with this id is already confirmed; not applied"
        case .unordered: "\(id): received as confirmed without an order; not applied"
        case .skipped(let reason): "\(id): skipped: \(reason)"
        }
    }
}
