/// `rxchain todo --store DIR rename LIST NAME`: `rename_list {name}` in the list's log (every
/// member sees it; the later rename wins).
struct TodoRenameCommand: Command {
    let name = "rename"
    let summary = "rename a list"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions(),
        arguments: [
            .required("LIST", help: "the list: its id or the start of its name"),
            .required("NAME", help: "the new name"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("LIST")!
        let name = arguments.argument("NAME")!
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let list = try TodoCommand.list(text, in: await device.state)
            try await TodoCommand.record(.renameList(name: name), in: .list(list), on: device)
            try terminal.writeLine("renamed list \(list) to \(name)".escapingControlCharacters)
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}
