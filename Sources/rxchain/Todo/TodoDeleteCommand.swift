/// `rxchain todo --store DIR delete LIST`: `delete_list {id}` in the user's global log (the list
/// leaves this user's lists; its log and other members' lists are untouched).
struct TodoDeleteCommand: Command {
    let name = "delete"
    let summary = "delete a list from your lists"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions(),
        arguments: [.required("LIST", help: "the list: its id or the start of its name")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("LIST")!
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let list = try TodoCommand.list(text, in: await device.state)
            try await TodoCommand.record(.deleteList(id: list), in: .global, on: device)
            try terminal.writeLine("deleted list \(list)".escapingControlCharacters)
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}
