import Foundation
import SharedExpenses

/// `rxchain expenses --store DIR new-group NAME --with USERS [--id GROUP]`: creates a group of
/// the user and `USERS` (comma-separated), recorded locally until the next sync.
struct ExpensesNewGroupCommand: Command {
    let name = "new-group"
    let summary = "create a group with other users"
    var signature: CommandSignature {
        CommandSignature(
            options: ExpensesCommand.storeOptions + [
                .values("with", placeholder: "USERS", help: "the other participants, comma-separated (repeatable)"),
                .value("id", placeholder: "GROUP", help: "the group's id (default: a fresh one)"),
            ],
            arguments: [.required("NAME", help: "the group's display name")])
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let others = try arguments.values("with").flatMap { $0.split(separator: ",").map(String.init) }
            .map { name throws(UsageError) in try ExpensesCommand.userName(name, option: "option '--with'") }
        guard !others.isEmpty else { throw UsageError("missing option --with USERS (the other participants)") }
        let name = arguments.argument("NAME")!
        let groupID = try arguments.value("id").map(ExpensesCommand.groupID) ?? UUID().uuidString.lowercased()
        let terminal = context.terminal
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            let user = try device.actingUser()
            try await device.record(
                .createSpendingGroup(
                    GroupCreationPayload(groupID: groupID, participants: [user] + others, displayName: name)))
            try terminal.writeLine("created group \(groupID)".escapingControlCharacters)
            return .success
        }
    }
}
