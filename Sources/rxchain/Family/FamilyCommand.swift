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
        subcommands: [
            FamilyShowCommand(), FamilyClaimCommand(), FamilyMemberCommand(granting: true),
            FamilyMemberCommand(granting: false),
        ])

    static let familyArgument = CommandSignature.Argument.required(
        "FAMILY", help: "KIND/ID, such as playbooks/team or lists/L1")

    /// The `FAMILY` argument, checked to be `KIND/ID` before anything is sent.
    static func family(_ arguments: ParsedArguments) throws -> String {
        let family = arguments.argument("FAMILY")!
        do {
            try ServerClient.validate(family: family)
        } catch {
            throw UsageError("argument FAMILY: \(error)")
        }
        return family
    }
}
