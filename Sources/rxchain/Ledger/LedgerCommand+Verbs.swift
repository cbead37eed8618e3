import Foundation
import Ledger
import RxChainCore
import RxChainJSON

/// The ledger's own verbs: `rxchain ledger --store DIR VERB …`.
extension LedgerCommand {
    var verbs: [any Command] {
        [Self.add, Self.edit, Self.delete, Self.categories, Self.list, Self.apply, LedgerCompactCommand()]
    }

    /// `add --charge N --category NAME [...]`: records a new transaction and prints its id. `--id`
    /// of a deleted transaction is refused with exit 1 (a put never brings it back).
    private static let add = verb(
        "add", "record a new transaction (prints its id)",
        options: [
            .value("charge", placeholder: "AMOUNT", help: "the amount, e.g. 12.5; required"),
            .value("category", placeholder: "NAME", help: "its category; required"), Self.typeOption,
            .value("description", placeholder: "TEXT", help: "free text"),
            .value("id", placeholder: "ID", help: "the transaction's id (default: a new UUID)"), Self.atOption,
        ]
    ) { arguments, _ in
        guard let charge = try arguments.decimal("charge") else {
            throw UsageError("missing option --charge AMOUNT")
        }
        guard let category = arguments.value("category") else { throw UsageError("missing option --category NAME") }
        let id = arguments.value("id") ?? UUID().uuidString.lowercased()
        let (type, modifiedAt) = (try Self.transactionType(arguments), try Self.timestamp(arguments))
        let description = arguments.value("description")
        return StoreWork { device in
            try await device.record(
                LedgerAction.add(
                    id: id, in: await device.state.replicated, charge: charge, category: category, type: type,
                    description: description, modifiedAt: modifiedAt))
            return Answer([id])
        }
    }

    /// `edit ID [--charge …] [--category …] [--type …] [--description …]`: a `transactions/put`
    /// carrying the given fields (and the current charge when `--charge` is left out). An unknown
    /// id, or a deleted transaction (the rules keep it deleted), is rejected with exit 1.
    private static let edit = verb(
        "edit", "change fields of a transaction",
        options: [
            .value("charge", placeholder: "AMOUNT", help: "the new amount"),
            .value("category", placeholder: "NAME", help: "the new category"), Self.typeOption,
            .value("description", placeholder: "TEXT", help: "the new free text"), Self.atOption,
        ],
        arguments: [.required("ID", help: "the transaction's id")]
    ) { arguments, _ in
        let (id, charge, category) = (
            arguments.argument("ID")!, try arguments.decimal("charge"), arguments.value("category")
        )
        let (type, description) = (try Self.transactionType(arguments), arguments.value("description"))
        let modifiedAt = try Self.timestamp(arguments)
        return StoreWork { device in
            try await device.record(
                LedgerAction.edit(
                    id, in: await device.state.replicated, charge: charge, category: category, type: type,
                    description: description, modifiedAt: modifiedAt))
            return Answer()
        }
    }

    /// `delete ID [--at TIMESTAMP]`: the transaction becomes a tombstone.
    private static let delete = verb(
        "delete", "delete a transaction", options: [Self.atOption],
        arguments: [.required("ID", help: "the transaction's id")]
    ) { arguments, _ in
        let (id, deletedAt) = (arguments.argument("ID")!, try Self.timestamp(arguments))
        return StoreWork { device in
            try await device.record(.deleteTransaction(id: id, deletedAt: deletedAt))
            return Answer()
        }
    }

    /// `categories [list | new NAME | rename FROM TO | delete NAME]`: listing reads a store; only a
    /// change creates one.
    private static let categories = verb(
        "categories", "list, create, rename or delete categories",
        options: [.flag("json", help: "list as a JSON array")],
        arguments: [
            .optional("ACTION", help: "list (default), new NAME, rename FROM TO, or delete NAME"),
            .variadic("NAME", help: "the category names the action takes"),
        ]
    ) { arguments, context in
        let names = arguments.arguments("NAME")
        let action: LedgerAction
        switch (arguments.argument("ACTION") ?? "list", names.count) {
        case ("list", 0):
            return StoreWork(mustExist: true) { device in
                await StoreWarnings.write(for: device, to: context.terminal)
                let categories = await device.state.replicated.categories
                return Answer(categories, json: categories)
            }
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
        return StoreWork { device in
            try await device.record(action)
            return Answer()
        }
    }

    /// `list [--json] [--all]`: the store's transactions (tombstones with `--all`) and categories.
    private static let list = verb(
        "list", "print the store's transactions and categories",
        options: [
            .flag("json", help: #"print one JSON object {"categories":[…],"transactions":{…}}"#),
            .flag("all", help: "include deleted transactions"),
        ]
    ) { arguments, context in
        let all = arguments.flag("all")
        return StoreWork(mustExist: true) { device in
            await StoreWarnings.write(for: device, to: context.terminal)
            let ledger = LedgerRendering.visible(await device.state.replicated, includeDeleted: all)
            return Answer(LedgerRendering.table(ledger), json: ledger)
        }
    }

    /// `apply FILE.ndjson`: records each action of a file as a local action, in order.
    ///
    /// The file is read by ``NDJSONReader`` with `replay`'s line rules, before the store is opened
    /// (a file that cannot be read is an error naming it, and nothing is recorded). Every line is a
    /// playbook line (`actionId` is ignored: the queue gives each action its own key); a complete
    /// file's last line counts without its newline. A line that is not valid UTF-8, not an action,
    /// or that the rules reject is reported on stderr with its number and skipped, the others are
    /// still recorded, and the exit code is then 1.
    private static let apply = verb(
        "apply", "record every action of an NDJSON file in the store, in order",
        arguments: [.required("FILE", help: "NDJSON, one playbook line per action")]
    ) { arguments, context in
        let (complete, torn) = try NDJSONReader.readFile(atPath: arguments.argument("FILE")!)
        let lines = complete + (torn.map { [$0] } ?? [])
        return StoreWork { device in
            var (applied, skipped) = (0, 0)
            for line in lines {
                let problem: String
                switch line.content {
                case .blank: continue
                case .invalidUTF8(let error): problem = "\(error)"
                case .text(let text):
                    switch ActionParser.parse(text) {
                    case .failure(let error): problem = "line \(line.number): \(error)"
                    case .success(let entry):
                        do {
                            try await device.record(entry.action)
                            applied += 1
                            continue
                        } catch let rejection as Rejection {
                            problem = "line \(line.number): rejected: \(rejection)"
                        }
                    }
                }
                skipped += 1
                context.terminal.writeErrorLine("\(context.commandLine): \(problem)")
            }
            return Answer(["applied \(applied), skipped \(skipped)"], exitCode: skipped == 0 ? .success : .failure)
        }
    }
}
