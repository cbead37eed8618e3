import RxChainJSON
import RxChainScenarios
import SharedExpenses

/// One step an expenses scenario sends a device (`alice: spend G1 s1 "dinner" 30.00 EUR`), with
/// the ids a script names so it can refer to them later.
///
/// ```
/// new-group GROUP "NAME" with USER[,USER…]
/// spend GROUP SPENDING "NAME" AMOUNT CURRENCY [split equal|USER=AMOUNT,…] [paid-by USER]
/// spend-with FRIEND SPENDING "NAME" AMOUNT CURRENCY [split …] [paid-by USER]
/// delete SPENDING        delete-group GROUP
/// request|accept|reject|withdraw|unfriend USER
/// ```
///
/// Every step may end with `at TIME` (the operation's `createdAt`; the scenario's clock by
/// default) and `as OPERATION` (its `operationId`; numbered in script order by default).
/// Amounts are decimals in the currency's units (`12.50`), read exactly in minor units.
public struct ExpensesScenarioStep: Sendable, Equatable {
    /// What the step does.
    public enum Action: Sendable, Equatable {
        /// `createSpendingGroup` of the device's user and `others`.
        case createGroup(id: String, name: String, others: [String])
        /// `createSpending` in a group, or with a friend (in the group of the two, created first
        /// as `pair-SPENDING` when there is none); paid by `payer`, the device's user when `nil`.
        case spend(
            with: Counterparty, spendingID: String, name: String, amount: Int64, currency: String,
            split: SplitChoice, payer: String?)
        /// `deleteSpending` (its group read from the device's state).
        case deleteSpending(id: String)
        /// `deleteSpendingGroup`.
        case deleteGroup(id: String)
        /// A friend operation about `user`.
        case friend(FriendVerb, user: String)
    }

    /// The friend operations, by their verb.
    public enum FriendVerb: String, Sendable, Equatable, CaseIterable {
        /// Asks `user` to be friends.
        case request
        /// Accepts `user`'s friend request.
        case accept
        /// Turns `user`'s friend request down.
        case reject
        /// Takes back the request sent to `user`.
        case withdraw
        /// Ends the friendship with `user`.
        case unfriend

        /// The operation's payload about `user`.
        func payload(about user: String) -> ExpenseOperationPayload {
            switch self {
            case .request: .sendFriendRequest(target: user)
            case .accept: .acceptFriendRequest(sender: user)
            case .reject: .rejectFriendRequest(sender: user)
            case .withdraw: .rollbackFriendRequest(target: user)
            case .unfriend: .unfriend(target: user)
            }
        }
    }

    /// What the step does.
    public var action: Action
    /// `at TIME`: the operation's `createdAt`; the scenario's clock when `nil`.
    public var time: Timestamp?
    /// `as OPERATION`: the operation's id; numbered in script order when `nil`.
    public var operationID: String?

    /// The verbs, in the order the usage lists them.
    static let verbs =
        ["new-group", "spend", "spend-with", "delete", "delete-group"] + FriendVerb.allCases.map(\.rawValue)

    /// Reads the words from the verb on.
    init(parsing words: [ScenarioWord]) throws(ScenarioSyntaxError) {
        let verb = words[0].text
        let usage = Self.usage(of: verb)
        var reader = ExpensesScenarioWords(Array(words.dropFirst()), usage: "usage: DEVICE: \(verb) \(usage)")
        switch verb {
        case "new-group":
            let id = try reader.groupID()
            let name = try reader.word()
            try reader.keyword("with")
            let others = try reader.word().split(separator: ",", omittingEmptySubsequences: false).map {
                name throws(ScenarioSyntaxError) in try ExpensesScenarioWords.user(String(name))
            }
            action = .createGroup(id: id, name: name, others: others)
        case "spend", "spend-with":
            let counterparty: Counterparty =
                verb == "spend" ? .group(id: try reader.groupID(), name: nil) : .friend(try reader.user())
            let spendingID = try reader.word()
            let name = try reader.word()
            let amount = try reader.amount()
            let currency = try reader.currency()
            let split = try reader.option("split", ExpensesScenarioWords.split) ?? .equal
            let payer = try reader.option("paid-by", ExpensesScenarioWords.user)
            action = .spend(
                with: counterparty, spendingID: spendingID, name: name, amount: amount, currency: currency,
                split: split, payer: payer)
        case "delete":
            action = .deleteSpending(id: try reader.word())
        case "delete-group":
            action = .deleteGroup(id: try reader.groupID())
        default:
            action = .friend(FriendVerb(rawValue: verb)!, user: try reader.user())
        }
        time = try reader.option("at") { text throws(ScenarioSyntaxError) in
            try ScenarioWord(text: text, isQuoted: false).timestamp()
        }
        operationID = try reader.option("as") { $0 }
        try reader.end()
    }

    /// The words after a verb.
    static func usage(of verb: String) -> String {
        let stamp = "[at TIME] [as OPERATION]"
        let spending = "SPENDING \"NAME\" AMOUNT CURRENCY [split equal|USER=AMOUNT,…] [paid-by USER] \(stamp)"
        return switch verb {
        case "new-group": "GROUP \"NAME\" with USER[,USER…] \(stamp)"
        case "spend": "GROUP \(spending)"
        case "spend-with": "FRIEND \(spending)"
        case "delete": "SPENDING \(stamp)"
        case "delete-group": "GROUP \(stamp)"
        default: "USER \(stamp)"
        }
    }
}
