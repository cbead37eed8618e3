import RxChainServerStorage

/// An application's access rules and membership hooks: what ``AccessControl`` enforces.
///
/// Rules are tried in order and the first whose pattern matches a log decides (see
/// ``AccessRule``); a log no rule matches is refused. Policies of several domains combine with
/// ``init(combining:)``: their rules in the order given, so put the more specific first.
///
/// ```swift
/// let policy = AccessPolicy(rules: [.personal(), .mailboxes(), .family("lists"), .family("playbooks")])
/// ```
public struct AccessPolicy: Sendable {
    /// The rules, in the order they are tried.
    public let rules: [AccessRule]
    /// The membership hooks, run in order after an accepted append.
    public let hooks: [FamilyAppendHook]

    /// The family kinds that can be claimed: the leading literal of every rule that claims
    /// families (``AccessRule/claimsFamilyOnFirstAppend``), such as `lists` for
    /// ``AccessRule/family(_:)``'s `lists/{family}/**`.
    public let familyKinds: Set<String>

    /// Creates a policy.
    public init(rules: [AccessRule], hooks: [FamilyAppendHook] = []) {
        self.rules = rules
        self.hooks = hooks
        self.familyKinds = Set(
            rules.compactMap { rule in
                guard rule.claimsFamilyOnFirstAppend, case .literal(let kind) = rule.pattern.segments.first else {
                    return nil
                }
                return kind
            })
    }

    /// Combines policies: the rules and hooks of each, in the order given.
    public init(combining policies: [AccessPolicy]) {
        self.init(rules: policies.flatMap(\.rules), hooks: policies.flatMap(\.hooks))
    }

    /// The first rule whose pattern matches `log`, with its captures; `nil` when none does (always
    /// for a reserved log).
    public func rule(for log: LogName) -> (rule: AccessRule, captures: LogCaptures)? {
        for rule in rules {
            if let captures = rule.pattern.match(log) { return (rule, captures) }
        }
        return nil
    }
}
