import RxChainServerStorage
import RxChainSystem

/// The server's access rules in force: decides every read and append by the application's
/// ``AccessPolicy``, and keeps the owners and members of log families.
///
/// **Decisions.** ``decide(user:operation:log:)`` finds the first rule whose pattern matches the
/// log and asks it; no matching rule, or a reserved log (`server/...`), is a refusal. An append to
/// a log of an unclaimed family, under a rule that claims families (``AccessRule/family(_:)``),
/// first claims the family for the appender: the owner is whoever appended to it first.
///
/// **Families.** A family (`lists/L1`) is claimed once (``claim(family:by:)``); of two concurrent
/// claims exactly one wins, whatever the timing. Only the owner grants and revokes members
/// (``grant(family:user:by:)``, ``revoke(family:user:by:)``), and only accounts of ``accounts``
/// can be granted; nobody adds themselves; the owner is always a member and cannot be revoked. A domain's ``FamilyAppendHook`` may turn an accepted
/// entry into membership changes (``appendAccepted(to:id:body:creator:)``).
///
/// **State.** Every claim, grant and revoke is an entry of the reserved log `server/families` in
/// the ``LogBook``, and the state (``families``) is the fold of that log in `seq` order: rebuilt
/// from the book when an `AccessControl` is created (so after a restart), and caught up before
/// every decision and after every change. A change is visible to every decision that starts after
/// the call making it returns: revoking a member ends their access at once.
///
/// > Important: The rules' and hooks' closures run without any lock held, on a snapshot of the
/// > state; the only lock is around the folded ``FamilyDirectory``, never held while reading or
/// > appending to the book.
///
/// `AccessControl` is a `Sendable` `final class`; every method is safe from any task.
public final class AccessControl: Sendable {
    /// The book holding `server/families` (and every other log).
    let book: LogBook
    /// The rules and hooks enforced.
    public let policy: AccessPolicy
    /// The server's accounts: a grant names one of them.
    public let accounts: Accounts
    /// The fold of `server/families` so far, behind the engine's `Lock` (a `Mutex` whose
    /// handoffs the thread sanitizer sees; `Synchronization.Mutex` on Linux gives it false races).
    private let directory = Lock(FamilyDirectory())

    /// Creates the access control over `book`, folding the families already recorded in it.
    ///
    /// - Parameters:
    ///   - book: The server's logs; its reserved log `server/families` holds the families.
    ///   - policy: The rules and hooks to enforce.
    ///   - accounts: The server's accounts, which explicit grants and revocations must name.
    public init(book: LogBook, policy: AccessPolicy, accounts: Accounts) {
        self.book = book
        self.policy = policy
        self.accounts = accounts
        catchUp()
    }

    /// The owners and members of every family, caught up with `server/families`.
    public var families: FamilyDirectory { catchUp() }

    /// The family's owner; `nil` while it is unclaimed.
    public func owner(of family: LogFamily) -> String? { catchUp().owner(of: family) }

    /// The family's members, the owner included; empty while it is unclaimed. For the server's
    /// own use: a route answering a user calls ``members(of:visibleTo:)``.
    public func members(of family: LogFamily) -> Set<String> { catchUp().members(of: family) }

    /// The family's members and owner as `user` may see them: only a member (the owner included)
    /// sees who else belongs.
    ///
    /// - Throws: ``AccessError/notMember(_:)`` when `user` is not a member, or the family is
    ///   unclaimed (the two answers are the same).
    public func members(of family: LogFamily, visibleTo user: String) throws(AccessError) -> (
        owner: String, members: Set<String>
    ) {
        let families = catchUp()
        guard families.isMember(user, of: family), let owner = families.owner(of: family) else {
            throw .notMember(family)
        }
        return (owner, families.members(of: family))
    }

    /// Decides whether `user` may do `operation` on `log`, claiming the log's family first when the
    /// operation is an append to an unclaimed family under a rule that claims families.
    ///
    /// The claim is a one-time claim (see ``claim(family:by:)``): when another user's claim wins,
    /// the decision is made against that owner's family, so the loser is refused like any
    /// non-member. The HTTP layer calls this for every read and append and answers a refusal with
    /// a 403 whose body carries the reason.
    ///
    /// - Throws: ``AccessError/log(_:)`` when a needed claim could not be recorded;
    ///   ``AccessError/invalidUser(_:)`` when a claim would be made for an invalid user name.
    public func decide(
        user: String, operation: AccessOperation, log: LogName
    ) async throws(AccessError) -> AccessDecision {
        guard let match = policy.rule(for: log) else { return Self.unmatched(log) }
        var families = catchUp()
        if operation == .append, match.rule.claimsFamilyOnFirstAppend, let family = LogFamily(of: log),
            families.owner(of: family) == nil
        {
            families = try await record(claimOf: family, by: user)
        }
        return match.rule.decide(
            AccessContext(user: user, operation: operation, log: log, captures: match.captures, families: families))
    }

    /// Whether an append to `log` would first claim the log's family for the appender (see
    /// ``decide(user:operation:log:)``): its rule claims families and the family is unclaimed.
    ///
    /// The append route asks before deciding, so that an append it will refuse anyway (its
    /// revision is not the one expected) claims nothing: a refused request writes nothing.
    public func appendClaimsFamily(of log: LogName) -> Bool {
        guard let match = policy.rule(for: log), match.rule.claimsFamilyOnFirstAppend,
            let family = LogFamily(of: log)
        else { return false }
        return catchUp().owner(of: family) == nil
    }

    /// Decides against the current state without writing anything: like
    /// ``decide(user:operation:log:)``, except that an append to an unclaimed family is decided as
    /// it stands (refused by the family rules). For filtering reads, such as the change feed.
    public func currentDecision(user: String, operation: AccessOperation, log: LogName) -> AccessDecision {
        guard let match = policy.rule(for: log) else { return Self.unmatched(log) }
        return match.rule.decide(
            AccessContext(user: user, operation: operation, log: log, captures: match.captures, families: catchUp()))
    }

    /// The refusal for a log no rule matches.
    private static func unmatched(_ log: LogName) -> AccessDecision {
        if log.isReserved { return .refused(reason: "logs under '\(LogName.reservedPrefix)/' are the server's own") }
        return .refused(reason: "no access rule covers \(log)")
    }

    /// Folds the entries of `server/families` not folded yet; returns the state after them.
    ///
    /// Reads the book without holding the directory's lock; entries another caller folded
    /// meanwhile are skipped, so each is folded once and in `seq` order.
    @discardableResult
    func catchUp() -> FamilyDirectory {
        var cursor = directory.withLock { $0.foldedThrough }
        while true {
            let page = book.read(FamilyRecord.log, after: cursor)
            let folded = directory.withLock { directory in
                for entry in page.entries { directory.apply(entry) }
                return directory
            }
            guard page.hasMore, folded.foldedThrough > cursor else { return folded }
            cursor = folded.foldedThrough
        }
    }
}
