import Ledger
import RxChainCore
import RxChainJSON
import RxChainScenarios

/// The ledger's own scenario steps (everything else a script says is the engine's):
///
/// ```
/// add ID CHARGE CATEGORY [CASH|CREDIT|TRANSFER] ["DESCRIPTION"] [at TIME]
/// edit ID [charge N] [category NAME] [type TYPE] [description TEXT] [at TIME]
/// delete ID [at TIME]
/// category new NAME | category rename FROM TO | category delete NAME
/// filter NAME | filter none                              (device-local)
/// navigate transactions | categories | transaction ID    (device-local)
/// dismiss error INDEX                                    (device-local)
/// ```
///
/// Without `at`, changes are stamped with the virtual clock when they run. A device's state
/// reads as the replicated ledger's members (`categories`, `transactions`) beside the
/// screen's (`errors`, `filter`, `route`).
extension LedgerDomain: ScenarioDomain {
    public var commandVerbs: [String] { ["add", "edit", "delete", "category", "filter", "navigate", "dismiss"] }

    public func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> LedgerScenarioCommand {
        var words = words
        let verb = words.removeFirst()
        switch verb.text {
        case "add": return try Self.add(words)
        case "edit": return try Self.edit(words)
        case "delete":
            let at = try Self.takeTime(&words)
            guard words.count == 1 else { throw ScenarioSyntaxError("usage: delete ID [at TIME]") }
            return .delete(id: words[0].text, at: at)
        case "category":
            switch (words.first?.text, words.count) {
            case ("new", 2): return .action(.newCategory(words[1].text))
            case ("rename", 3): return .action(.renameCategory(from: words[1].text, to: words[2].text))
            case ("delete", 2): return .action(.deleteCategory(words[1].text))
            default:
                throw ScenarioSyntaxError("usage: category new NAME | category rename FROM TO | category delete NAME")
            }
        case "filter":
            guard words.count == 1 else { throw ScenarioSyntaxError("usage: filter CATEGORY | filter none") }
            return .local(.setFilter(words[0].is("none") ? nil : words[0].text))
        case "navigate":
            switch (words.first?.text, words.count) {
            case ("transactions", 1): return .local(.navigate(to: .transactions))
            case ("categories", 1): return .local(.navigate(to: .categories))
            case ("transaction", 2): return .local(.navigate(to: .transaction(id: words[1].text)))
            default: throw ScenarioSyntaxError("usage: navigate transactions | categories | transaction ID")
            }
        default:
            guard words.count == 2, words[0].is("error"), let index = Int(words[1].text) else {
                throw ScenarioSyntaxError("usage: dismiss error INDEX")
            }
            return .local(.dismissError(at: index))
        }
    }

    public func message(for command: LedgerScenarioCommand, in state: LedgerState, now: Timestamp) throws(Rejection)
        -> LedgerMessage
    {
        switch command {
        case .action(let action):
            return .action(action)
        case .put(let id, let charge, let category, let type, let description, let at):
            return .action(
                try .put(
                    id: id, charge: charge, category: category, type: type, description: description,
                    modifiedAt: at ?? now))
        case .edit(let id, let fields, let at):
            return .action(
                try .edit(
                    id, in: state.replicated, charge: fields.charge, category: fields.category, type: fields.type,
                    description: fields.description, modifiedAt: at ?? now))
        case .delete(let id, let at):
            return .action(.deleteTransaction(id: id, deletedAt: at ?? now))
        case .local(let message):
            return message
        }
    }

    public func scenarioValue(of state: LedgerState) throws -> ScenarioValue {
        guard case .object(var members) = try ScenarioValue(encoding: state.replicated) else { return .null }
        members["errors"] = try ScenarioValue(encoding: state.errors)
        members["filter"] = state.filter.map(ScenarioValue.string) ?? .null
        members["route"] = try ScenarioValue(encoding: state.route)
        return .object(members)
    }

    private static func add(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> LedgerScenarioCommand {
        var words = words
        let usage = "usage: add ID CHARGE CATEGORY [CASH|CREDIT|TRANSFER] [\"DESCRIPTION\"] [at TIME]"
        let at = try takeTime(&words)
        guard (3...5).contains(words.count) else { throw ScenarioSyntaxError(usage) }
        let charge = try words[1].decimal("charge")
        var type: TransactionType?
        var description: String?
        var extra = words[3...]
        if let word = extra.first, !word.isQuoted, let parsed = TransactionType(rawValue: word.text) {
            type = parsed
            extra = extra.dropFirst()
        }
        if let word = extra.first {
            description = word.text
            extra = extra.dropFirst()
        }
        guard extra.isEmpty else { throw ScenarioSyntaxError(usage) }
        return .put(
            id: words[0].text, charge: charge, category: words[2].text, type: type, description: description, at: at)
    }

    private static func edit(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> LedgerScenarioCommand {
        var words = words
        let usage = "usage: edit ID [charge N] [category NAME] [type TYPE] [description TEXT] [at TIME]"
        let at = try takeTime(&words)
        guard let id = words.first, words.count >= 3, words.count % 2 == 1 else { throw ScenarioSyntaxError(usage) }
        var fields = LedgerScenarioCommand.EditFields()
        for pair in stride(from: 1, to: words.count, by: 2) {
            let value = words[pair + 1]
            switch words[pair].text {
            case "charge": fields.charge = try value.decimal("charge")
            case "category": fields.category = value.text
            case "type":
                guard let type = TransactionType(rawValue: value.text) else {
                    throw ScenarioSyntaxError("'\(value.text)' is not a transaction type (CASH, CREDIT or TRANSFER)")
                }
                fields.type = type
            case "description": fields.description = value.text
            default: throw ScenarioSyntaxError("unknown field '\(words[pair].text)'; \(usage)")
            }
        }
        return .edit(id: id.text, fields: fields, at: at)
    }

    /// Removes a trailing `at TIME` and returns the time.
    private static func takeTime(_ words: inout [ScenarioWord]) throws(ScenarioSyntaxError) -> Timestamp? {
        guard words.count >= 2, words[words.count - 2].is("at") else { return nil }
        let time = try words[words.count - 1].timestamp()
        words.removeLast(2)
        return time
    }
}

/// One of the ledger's own scenario steps, as parsed (see `LedgerDomain`'s scenario steps).
public enum LedgerScenarioCommand: Sendable {
    /// A category action (`category new food`).
    case action(LedgerAction)
    /// `add …`: a put of a new record (stamped with the virtual clock when `at` is `nil`).
    case put(id: String, charge: Double, category: String, type: TransactionType?, description: String?, at: Timestamp?)
    /// `delete ID`: turns a record into a tombstone.
    case delete(id: String, at: Timestamp?)
    /// `edit ID field value…`: a put of the given fields over the current record (resolved
    /// when it runs: the current charge is kept unless given).
    case edit(id: String, fields: EditFields, at: Timestamp?)
    /// A device-local message (filter, navigate, dismiss error).
    case local(LedgerMessage)

    /// The fields `edit` changes.
    public struct EditFields: Sendable {
        /// The new charge; `nil` keeps the record's.
        public var charge: Double?
        /// The new category; `nil` keeps the record's.
        public var category: String?
        /// The new type; `nil` keeps the record's.
        public var type: TransactionType?
        /// The new description; `nil` keeps the record's.
        public var description: String?
    }
}
