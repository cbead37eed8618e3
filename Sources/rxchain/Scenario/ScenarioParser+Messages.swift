import Foundation
import Ledger

extension ScenarioParser {
    /// What follows `DEVICE:`: a raw NDJSON action (`{…}`) or a friendly form.
    ///
    /// ```
    /// add ID CHARGE CATEGORY [CASH|CREDIT|TRANSFER] ["DESCRIPTION"] [at TIME]
    /// edit ID [charge N] [category NAME] [type TYPE] [description TEXT] [at TIME]
    /// delete ID [at TIME]
    /// category new NAME | category rename FROM TO | category delete NAME
    /// filter NAME | filter none          (device-local)
    /// navigate transactions | categories | transaction ID   (device-local)
    /// dismiss error INDEX                (device-local)
    /// ```
    /// Without `at`, changes are stamped with the virtual clock when they run.
    static func message(_ rest: Substring) throws(ScenarioSyntaxError) -> ScenarioStep.DeviceMessage {
        let text = rest.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("{") { return .raw(text) }
        var words = try ScenarioTokenizer.words(Substring(text))
        guard let verb = words.first else {
            throw ScenarioSyntaxError("missing message after the device name (e.g. 'add t1 12.5 food')")
        }
        words.removeFirst()
        switch verb.text {
        case "add": return try add(words)
        case "edit": return try edit(words)
        case "delete":
            let at = try takeTime(&words)
            guard words.count == 1 else { throw ScenarioSyntaxError("usage: delete ID [at TIME]") }
            return .delete(id: words[0].text, at: at)
        case "category": return try category(words)
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
        case "dismiss":
            guard words.count == 2, words[0].is("error"), let index = Int(words[1].text) else {
                throw ScenarioSyntaxError("usage: dismiss error INDEX")
            }
            return .local(.dismissError(at: index))
        default:
            let verbs = ["add", "edit", "delete", "category", "filter", "navigate", "dismiss"]
            let hint = closestMatch(to: verb.text, among: verbs).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScenarioSyntaxError(
                "unknown message '\(verb.text)'\(hint); send \(verbs.joined(separator: ", ")) or a raw {…} action")
        }
    }

    private static func add(_ words: [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError)
        -> ScenarioStep.DeviceMessage
    {
        var words = words
        let usage = "usage: add ID CHARGE CATEGORY [CASH|CREDIT|TRANSFER] [\"DESCRIPTION\"] [at TIME]"
        let at = try takeTime(&words)
        guard (3...5).contains(words.count) else { throw ScenarioSyntaxError(usage) }
        let charge = try number(words[1].text, what: "charge")
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

    private static func edit(_ words: [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError)
        -> ScenarioStep.DeviceMessage
    {
        var words = words
        let usage = "usage: edit ID [charge N] [category NAME] [type TYPE] [description TEXT] [at TIME]"
        let at = try takeTime(&words)
        guard let id = words.first, words.count >= 3, words.count % 2 == 1 else { throw ScenarioSyntaxError(usage) }
        var fields = ScenarioStep.EditFields()
        for pair in stride(from: 1, to: words.count, by: 2) {
            let value = words[pair + 1].text
            switch words[pair].text {
            case "charge": fields.charge = try number(value, what: "charge")
            case "category": fields.category = value
            case "type":
                guard let type = TransactionType(rawValue: value) else {
                    throw ScenarioSyntaxError("'\(value)' is not a transaction type (CASH, CREDIT or TRANSFER)")
                }
                fields.type = type
            case "description": fields.description = value
            default: throw ScenarioSyntaxError("unknown field '\(words[pair].text)'; \(usage)")
            }
        }
        return .edit(id: id.text, fields: fields, at: at)
    }

    private static func category(_ words: [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError)
        -> ScenarioStep.DeviceMessage
    {
        switch (words.first?.text, words.count) {
        case ("new", 2): return .action(.newCategory(words[1].text))
        case ("rename", 3): return .action(.renameCategory(from: words[1].text, to: words[2].text))
        case ("delete", 2): return .action(.deleteCategory(words[1].text))
        default: throw ScenarioSyntaxError("usage: category new NAME | category rename FROM TO | category delete NAME")
        }
    }

    /// Removes a trailing `at TIME` and returns the time.
    private static func takeTime(_ words: inout [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError) -> Timestamp? {
        guard words.count >= 2, words[words.count - 2].is("at") else { return nil }
        let time = try timestamp(words[words.count - 1].text)
        words.removeLast(2)
        return time
    }

    static func number(_ text: String, what: String) throws(ScenarioSyntaxError) -> Double {
        guard let value = DecimalNumber.double(text) else {
            throw ScenarioSyntaxError("the \(what) '\(text)' is not a decimal number (like 12.5)")
        }
        return value
    }
}
