import SharedExpenses

/// `rxchain expenses --store DIR friends [request|accept|reject|withdraw|unfriend USER]`: lists
/// the user's friends and pending requests, or records one friend operation (checked against the
/// rules first; it travels through the mailbox of the two users at the next sync).
struct ExpensesFriendsCommand: Command {
    let name = "friends"
    let summary = "list friends and requests, or request, accept, reject, withdraw or unfriend"
    var signature: CommandSignature {
        CommandSignature(
            options: ExpensesCommand.storeOptions,
            arguments: [
                .optional("ACTION", help: "request, accept, reject, withdraw or unfriend (none: list)"),
                .optional("USER", help: "the other user"),
            ])
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let terminal = context.terminal
        guard let action = arguments.argument("ACTION") else {
            return try ExpensesCommand.withDevice(arguments, context: context) { device in
                let user = try device.actingUser()
                for line in ExpensesRendering.friendLines(of: user, in: await device.state) {
                    try terminal.writeLine(line)
                }
                return .success
            }
        }
        guard let user = arguments.argument("USER") else { throw UsageError("missing USER after '\(action)'") }
        let other = try ExpensesCommand.userName(user, option: "USER")
        let payload: ExpenseOperationPayload
        let done: String
        switch action {
        case "request": (payload, done) = (.sendFriendRequest(target: other), "requested")
        case "accept": (payload, done) = (.acceptFriendRequest(sender: other), "accepted")
        case "reject": (payload, done) = (.rejectFriendRequest(sender: other), "rejected the request of")
        case "withdraw": (payload, done) = (.rollbackFriendRequest(target: other), "withdrew the request to")
        case "unfriend": (payload, done) = (.unfriend(target: other), "unfriended")
        default:
            throw UsageError(
                "unknown action '\(action)' (expected request, accept, reject, withdraw or unfriend)")
        }
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            try await device.record(payload)
            try terminal.writeLine("\(done) \(other)".escapingControlCharacters)
            return .success
        }
    }
}
