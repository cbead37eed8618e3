/// `rxchain todo --store DIR add LIST TEXT [--star]`: `create_item {id, description, starred}`
/// in the list's log (the item goes to the top); the id is made on the device.
struct TodoAddCommand: Command {
    let name = "add"
    let summary = "add an item at the top of a list"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions([.flag("star", help: "star the item")]),
        arguments: [
            .required("LIST", help: "the list: its id or the start of its name"),
            .required("TEXT", help: "the item's text"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("LIST")!
        let description = arguments.argument("TEXT")!
        let starred = arguments.flag("star")
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let list = try TodoCommand.list(text, in: await device.state)
            let id = TodoCommand.newID()
            try await TodoCommand.record(
                .createItem(id: id, description: description, starred: starred, completed: false), in: .list(list),
                on: device)
            try terminal.writeLine("added \(description) (\(id))".escapingControlCharacters)
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}
