import Foundation
import Ledger

/// `rxchain ledger --store DIR categories [list | new NAME | rename FROM TO | delete NAME]`.
struct LedgerCategoriesCommand: Command {
    let name = "categories"
    let summary = "list, create, rename or delete categories"
    let signature = CommandSignature(
        options: [DeviceCommands.storeOption, DeviceCommands.waitOption, .flag("json", help: "list as a JSON array")],
        arguments: [
            .optional("ACTION", help: "list (default), new NAME, rename FROM TO, or delete NAME"),
            .variadic("NAME", help: "the category names the action takes"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let names = arguments.arguments("NAME")
        let action: LedgerAction?
        switch (arguments.argument("ACTION") ?? "list", names.count) {
        case ("list", 0): action = nil
        case ("new", 1): action = .newCategory(names[0])
        case ("rename", 2): action = .renameCategory(from: names[0], to: names[1])
        case ("delete", 1): action = .deleteCategory(names[0])
        case ("list", _), ("new", _), ("rename", _), ("delete", _):
            let expected = ["list": "no names", "new": "one NAME", "rename": "FROM and TO", "delete": "one NAME"]
            let word = arguments.argument("ACTION")!
            throw UsageError("categories \(word) takes \(expected[word]!), got \(names.count)")
        case (let word, _):
            throw UsageError("unknown categories action '\(word)' (list, new, rename, delete)")
        }
        let json = arguments.flag("json")
        let terminal = context.terminal
        // Listing reads a store; only a change creates one.
        return try LedgerCommand.withDevice(arguments, context: context, mustExist: action == nil) { device in
            if let action {
                try await device.record(action)
                return .success
            }
            await StoreWarnings.write(for: device, to: terminal)
            let categories = await device.state.replicated.categories
            if json {
                try terminal.writeJSON(categories)
            } else {
                for category in categories { try terminal.writeLine(category.escapingControlCharacters) }
            }
            return .success
        }
    }
}
