/// `rxchain todo --store DIR move LIST (--after LIST | --first)`: `reorder_list {id,
/// after_this_id}` in the user's global log.
struct TodoMoveCommand: Command {
    let name = "move"
    let summary = "move a list after another, or to the front"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions([
            .value("after", placeholder: "LIST", help: "the list to move it after"),
            .flag("first", help: "move it to the front"),
        ]),
        arguments: [.required("LIST", help: "the list: its id or the start of its name")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("LIST")!
        let after = try TodoCommand.anchor(arguments, noun: "LIST")
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let state = await device.state
            let list = try TodoCommand.list(text, in: state)
            let anchor = try after.map { text throws(CommandFailure) in try TodoCommand.list(text, in: state) }
            try await TodoCommand.record(.reorderList(id: list, afterThisID: anchor), in: .global, on: device)
            try terminal.writeLine("moved list \(list) \(anchor.map { "after \($0)" } ?? "to the front")")
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}

extension TodoCommand {
    /// `--after X` (the anchor's name as given) or `--first` (`nil`): exactly one of them.
    static func anchor(_ arguments: ParsedArguments, noun: String) throws(UsageError) -> String? {
        switch (arguments.value("after"), arguments.flag("first")) {
        case (let after?, false): return after
        case (nil, true): return nil
        case (_?, true): throw UsageError("give '--after \(noun)' or '--first', not both")
        case (nil, false): throw UsageError("missing '--after \(noun)' or '--first' (where to move it)")
        }
    }
}
