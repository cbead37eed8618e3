extension AccessRule {
    /// `<space>/{uid}/**`: a user's own logs (`users/alice/actions`); only `uid` reads and appends.
    ///
    /// - Parameter space: The first segment of personal logs; `users` by default.
    public static func personal(_ space: String = "users") -> AccessRule {
        let owned: Decision = { context in
            .allowed(if: context.captures["uid"] == context.user, else: "\(context.log) belongs to another user")
        }
        return AccessRule(LogPattern(stringLiteral: "\(space)/{uid}/**"), read: owned, append: owned)
    }

    /// `<space>/{from}/to/{to}`: mailboxes (`requests/alice/to/bob`); only `from` appends (so every
    /// entry's creator is `from`), and only `from` and `to` read.
    ///
    /// - Parameter space: The first segment of mailboxes; `requests` by default.
    public static func mailboxes(_ space: String = "requests") -> AccessRule {
        AccessRule(
            LogPattern(stringLiteral: "\(space)/{from}/to/{to}"),
            read: { context in
                let user = context.user
                return .allowed(
                    if: context.captures["from"] == user || context.captures["to"] == user,
                    else: "only the sender and the addressee read \(context.log)")
            },
            append: { context in
                .allowed(
                    if: context.captures["from"] == context.user,
                    else: "only the sender appends to \(context.log)")
            })
    }

    /// `<kind>/{family}/**`: the logs of a family (`lists/L1/actions`); its members read and
    /// append, and the owner is a member.
    ///
    /// The first append to a log of an unclaimed family claims the family for the appender
    /// (``claimsFamilyOnFirstAppend``): "the owner is whoever created it on the server first".
    /// Reading an unclaimed family is refused, with the same reason as for a non-member.
    ///
    /// - Parameter kind: The family kind, the first segment (`lists`, `groups`, `playbooks`).
    public static func family(_ kind: String) -> AccessRule {
        let membersOnly: Decision = { context in
            guard let family = context.family, context.families.isMember(context.user, of: family) else {
                return .refused(reason: "you are not a member of \(context.family?.description ?? "\(context.log)")")
            }
            return .allowed
        }
        return AccessRule(
            LogPattern(stringLiteral: "\(kind)/{family}/**"), claimsFamilyOnFirstAppend: true,
            read: membersOnly, append: membersOnly)
    }
}
