/// The time entry service's state: every user's entries (deleted ones included, for the
/// since-feed), each user's running entry, the next id, and the answers remembered by
/// idempotency key.
///
/// **Invariant:** each user has at most one entry that runs (no `stop`, not deleted), and
/// ``running`` names it.
struct TimeEntryServerState: Sendable, Hashable {
    /// Every entry by its id, deleted ones included; changed through ``put(_:)``.
    private(set) var records: [Int: TimeEntryServerRecord] = [:]
    /// The ids of each user's entries, deleted ones included: what a user's feed reads, so it
    /// costs that user's entries, not everyone's.
    private(set) var idsByUser: [String: [Int]] = [:]
    /// Each user's running entry.
    var running: [String: Int] = [:]
    /// The id the next created entry gets.
    var nextId = 1
    /// The answers of requests that carried an `Idempotency-Key`, by user and key.
    var answered: [AnsweredKey: AnsweredRequest] = [:]
    /// The creates without an `Idempotency-Key` of the last ``TimeEntryServerRules/retryWindow``,
    /// by user and fingerprint (method, path, body): what a retry of one is answered.
    var recentCreates: [AnsweredKey: RecentCreate] = [:]
    /// The answer to the last command applied: what its request is told.
    var lastAnswer: TimeEntryServerAnswer?

    /// A user's idempotency key.
    struct AnsweredKey: Hashable, Sendable {
        var user: String
        var key: String
    }

    /// What a keyed request was (its fingerprint) and what it was answered.
    struct AnsweredRequest: Hashable, Sendable {
        var fingerprint: String
        var answer: TimeEntryServerAnswer
    }

    /// A create without a key: when it was applied, and its answer.
    struct RecentCreate: Hashable, Sendable {
        var at: Int64
        var answer: TimeEntryServerAnswer
    }

    /// Drops the remembered creates applied before `time`.
    mutating func forgetCreates(before time: Int64) {
        if recentCreates.values.contains(where: { $0.at < time }) {
            recentCreates = recentCreates.filter { $0.value.at >= time }
        }
    }

    /// The user's entry `id`, deleted or not; `nil` when there is none or it is another user's.
    func record(_ id: Int, of user: String) -> TimeEntryServerRecord? {
        guard let record = records[id], record.user == user else { return nil }
        return record
    }

    /// The user's live (not deleted) entry `id`, if it is in `workspace` (any, when `nil`).
    func liveRecord(_ id: Int, of user: String, in workspace: Int? = nil) -> TimeEntryServerRecord? {
        guard let record = record(id, of: user), record.deletedAt == nil,
            workspace.map({ $0 == record.workspaceId }) ?? true
        else { return nil }
        return record
    }

    /// Adds or replaces an entry (an entry never changes its user).
    mutating func put(_ record: TimeEntryServerRecord) {
        if records.updateValue(record, forKey: record.id) == nil {
            idsByUser[record.user, default: []].append(record.id)
        }
    }

    /// The user's entries in the order of their last change (`at`, then id).
    func records(of user: String, where include: (TimeEntryServerRecord) -> Bool) -> [TimeEntryServerRecord] {
        (idsByUser[user] ?? []).compactMap { records[$0] }.filter(include).sorted { ($0.at, $0.id) < ($1.at, $1.id) }
    }
}
