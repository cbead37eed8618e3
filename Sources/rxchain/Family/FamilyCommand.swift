import RxChainRemotes

/// `rxchain family …`: who may read and append a family of logs on an RxChain server.
///
/// A family is the first two segments of its logs' names (`playbooks/team` for
/// `playbooks/team/ledger`, `lists/L1`, `groups/G7`). Whoever claims it first owns it (the first
/// append to one of its logs claims it too); only the owner grants and revokes members. Every
/// command signs in with the session `rxchain account login` kept for the server and user.
///
/// Exit codes: 0 done, 1 the server refused or could not be reached (the reason on stderr),
/// 2 bad usage (a family that is not `KIND/ID`, a user that is no user name).
enum FamilyCommand {
    static let group = CommandGroup(
        name: "family", summary: "claim a family of logs on an rxchain-server, grant and revoke its members",
        discussion: """
            A family is KIND/ID, the first two segments of its logs' names: playbooks/team holds
            playbooks/team/ledger. Its owner (whoever claimed it or appended to it first) grants
            and revokes members; members read and append its logs. Sign in first with
            'rxchain account login'.
            """,
        subcommands: [show, claim, member(granting: true), member(granting: false)])

    private static let familyArgument = CommandSignature.Argument.required(
        "FAMILY", help: "KIND/ID, such as playbooks/team or lists/L1")

    /// `show FAMILY [--json]`: the family's owner and members, for a member.
    private static let show = AccountVerb(
        "show", "show a family's owner and members (members only)",
        options: [.flag("json", help: "print one JSON object: {family, owner, members}")], arguments: [familyArgument]
    ) { arguments, _ in
        let family = try FamilyCommand.family(arguments)
        return { client, _ in
            struct View: Encodable {
                var family: String
                var owner: String
                var members: [String]
            }
            let shown = try await client.members(of: family)
            let lines = shown.members.map { "  \($0)\($0 == shown.owner ? "  (owner)" : "")" }
            return Answer(
                ["\(shown.family)  owner \(shown.owner)"] + lines,
                json: View(family: shown.family, owner: shown.owner, members: shown.members))
        }
    }

    /// `claim FAMILY`: makes the signed-in user the owner of a family nobody owns yet.
    private static let claim = AccountVerb(
        "claim", "become the owner of a family nobody owns yet", arguments: [familyArgument]
    ) { arguments, _ in
        let family = try FamilyCommand.family(arguments)
        return { client, _ in
            try await client.claim(family: family)
            return Answer(["claimed \(family)"])
        }
    }

    /// `grant|revoke FAMILY USER`: the owner makes USER a member of the family, or ends USER's
    /// membership at once (the owner stays a member).
    private static func member(granting: Bool) -> AccountVerb {
        AccountVerb(
            granting ? "grant" : "revoke",
            granting
                ? "let USER read and append the family's logs (owner only)"
                : "end USER's membership at once (owner only)",
            arguments: [familyArgument, .required("USER", help: "the member's user name")]
        ) { arguments, _ in
            let (family, member) = (try FamilyCommand.family(arguments), arguments.argument("USER")!)
            do {
                try ServerSessionStore.validate(user: member)
            } catch {
                throw UsageError("argument USER: \(error)")
            }
            return { client, _ in
                if granting {
                    try await client.grant(family: family, to: member)
                    return Answer(["\(member) is a member of \(family)"])
                }
                try await client.revoke(family: family, from: member)
                return Answer(["\(member) is no longer a member of \(family)"])
            }
        }
    }

    /// The `FAMILY` argument, checked to be `KIND/ID` before anything is sent.
    private static func family(_ arguments: ParsedArguments) throws -> String {
        let family = arguments.argument("FAMILY")!
        do {
            try ServerClient.validate(family: family)
        } catch {
            throw UsageError("argument FAMILY: \(error)")
        }
        return family
    }
}
