import RxChainJSON
import RxChainServerStorage

extension AccessControl {
    /// Runs the policy's ``FamilyAppendHook``s for an entry just accepted into `log`, and applies
    /// the membership changes they return; returns the changes applied.
    ///
    /// Call it after every accepted append to a family's log, a repeated append included (it then
    /// completes what an interrupted first run left out, and repeats nothing). Changes apply only
    /// when `creator` owns the family (a hook never lets a member grant); a revoke of the owner and
    /// an invalid user name are dropped. Logs of no family, reserved logs and kinds no hook watches
    /// change nothing.
    ///
    /// - Parameters:
    ///   - log: The log the entry was appended to.
    ///   - id: The entry's id.
    ///   - body: The entry's JSON.
    ///   - creator: The authenticated user who appended it.
    /// - Throws: ``AccessError/log(_:)`` when a change could not be recorded (changes recorded
    ///   before it stay; calling again completes the rest).
    @discardableResult
    public func appendAccepted(
        to log: LogName, id: String, body: [UInt8], creator: String
    ) async throws(AccessError) -> [MembershipChange] {
        guard !log.isReserved, let family = LogFamily(of: log) else { return [] }
        let hooks = policy.hooks.filter { $0.kind == family.kind }
        if hooks.isEmpty { return [] }
        let families = catchUp()
        guard families.owner(of: family) == creator else { return [] }
        let entry = AcceptedEntry(log: log, family: family, id: id, creator: creator, body: body)
        var applied: [MembershipChange] = []
        for hook in hooks {
            for change in hook.changes(entry, families) where AccountName.isValid(change.user) {
                switch change {
                case .grant(let user):
                    try await append(.grant(family, user: user), id: "hook:\(log)#\(id):grant:\(user)", by: creator)
                case .revoke(let user):
                    guard user != creator else { continue }
                    try await append(.revoke(family, user: user), id: "hook:\(log)#\(id):revoke:\(user)", by: creator)
                }
                applied.append(change)
            }
        }
        return applied
    }
}
