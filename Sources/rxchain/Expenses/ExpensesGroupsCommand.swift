import Foundation
import SharedExpenses

/// `rxchain expenses --store DIR groups [--json]`: the groups the user takes part in.
struct ExpensesGroupsCommand: Command {
    let name = "groups"
    let summary = "list the groups you take part in"
    var signature: CommandSignature {
        CommandSignature(
            options: ExpensesCommand.storeOptions + [
                .flag("json", help: "print one JSON object {groups: [{id, name, participants, createdAt}]}")
            ])
    }

    struct View: Encodable {
        var groups: [Group]

        /// A group, its creation time in RFC 3339 like every time of the terminal's JSON.
        struct Group: Encodable {
            var id: String
            var name: String?
            var participants: [String]
            var createdAt: String

            init(_ group: SpendingGroup) {
                id = group.id
                name = group.name
                participants = group.participants
                let date = Date(timeIntervalSince1970: Double(group.createdAt) / 1000)
                createdAt = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
            }
        }
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            let user = try device.actingUser()
            let state = await device.state
            if json {
                try terminal.writeJSON(View(groups: ExpensesRendering.groups(of: user, in: state).map(View.Group.init)))
            } else {
                for line in ExpensesRendering.groupLines(of: user, in: state) { try terminal.writeLine(line) }
            }
            return .success
        }
    }
}
