/// `rxchain todo --store DIR new NAME`: creates a list: `create_list {id, name}` in the user's
/// global log, then `rename_list {name}` in the list's own log, so that members it is shared
/// with see its name (the first append to `lists/ID/…` also makes the user the list's owner on
/// the server). The id is made on the device (``TodoCommand/newID()``).
struct TodoNewCommand: Command {
    let name = "new"
    let summary = "create a list"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions(), arguments: [.required("NAME", help: "the list's name")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let name = arguments.argument("NAME")!
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let id = TodoCommand.newID()
            try await device.createList(id, name: name)
            try terminal.writeLine("created list \(name) (\(id))".escapingControlCharacters)
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}
