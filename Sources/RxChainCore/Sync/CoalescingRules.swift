/// Pure rules that shrink the pending requests before they are sent: create-then-delete sends nothing, several updates send the last.
///
/// Rules apply only to requests still waiting (never to the batch in flight), and only
/// between requests about the same entity (``entityKey``), to the later request's
/// earlier neighbour of that entity. Off unless a domain registers rules.
///
/// ```swift
/// let rules = CoalescingRules(entityKey: { record in entityID(of: record) }, rules: [
///     .init(earlier: "entries/create", later: "entries/delete", decision: .dropBoth),
///     .init(earlier: "entries/update", later: "entries/update", decision: .dropEarlier),
/// ])
/// ```
public struct CoalescingRules: Sendable {
    /// What to do with two requests about one entity.
    public enum Decision: Sendable, Equatable {
        /// Send only the later one (it supersedes the earlier).
        case dropEarlier
        /// Send neither (the later undoes the earlier).
        case dropBoth
    }

    /// One rule: when `earlier` is followed by `later` for the same entity, apply `decision`.
    public struct Rule: Sendable {
        /// The tag of the request already waiting.
        public var earlier: MessageTag
        /// The tag of the request queued after it, for the same entity.
        public var later: MessageTag
        /// What happens to the two.
        public var decision: Decision

        /// A rule for `earlier` followed by `later`.
        public init(earlier: MessageTag, later: MessageTag, decision: Decision) {
            self.earlier = earlier
            self.later = later
            self.decision = decision
        }
    }

    /// The entity a request is about, or nil for requests that never coalesce.
    public let entityKey: @Sendable (QueueRecord) -> String?
    private let rules: [Pair: Decision]

    private struct Pair: Hashable {
        let earlier: String
        let later: String
    }

    /// Rules for the requests `entityKey` finds an entity for; a later rule for the same pair of
    /// tags replaces an earlier one.
    public init(entityKey: @escaping @Sendable (QueueRecord) -> String?, rules: [Rule]) {
        self.entityKey = entityKey
        var table: [Pair: Decision] = [:]
        for rule in rules { table[Pair(earlier: rule.earlier.rawValue, later: rule.later.rawValue)] = rule.decision }
        self.rules = table
    }

    /// Splits `pending` (queue order) into the records to send and the records made unnecessary.
    package func apply(to pending: [QueueRecord]) -> (kept: [QueueRecord], dropped: [QueueRecord]) {
        var kept: [QueueRecord?] = []
        var dropped: [QueueRecord] = []
        var latestIndexByEntity: [String: Int] = [:]
        for record in pending {
            guard let entity = entityKey(record) else {
                kept.append(record)
                continue
            }
            if let index = latestIndexByEntity[entity], let earlier = kept[index],
                let decision = rules[Pair(earlier: earlier.tag, later: record.tag)]
            {
                kept[index] = nil
                dropped.append(earlier)
                if decision == .dropBoth {
                    dropped.append(record)
                    latestIndexByEntity[entity] = nil
                    continue
                }
            }
            latestIndexByEntity[entity] = kept.count
            kept.append(record)
        }
        return (kept.compactMap { $0 }, dropped.sorted { $0.seq < $1.seq })
    }
}
