import Foundation
import RxChainCore
import SharedExpenses

/// The shared expenses' own verbs: `rxchain expenses --store DIR VERB …`. A change is checked
/// against the rules on the store's state, recorded locally, and sent at the next `sync`.
extension ExpensesCommand {
    var verbs: [any Command] { [Self.groups, Self.newGroup, Self.add, Self.delete, Self.balances, Self.friends] }

    /// `groups [--json]`: the groups the user takes part in.
    private static let groups = verb(
        "groups", "list the groups you take part in",
        options: [.flag("json", help: "print one JSON object {groups: [{id, name, participants, createdAt}]}")]
    ) { _, _ in
        StoreWork { device in
            /// What `--json` prints: each group, its creation time in RFC 3339 like every time of the
            /// terminal's JSON.
            struct View: Encodable {
                struct Group: Encodable {
                    var id: String
                    var name: String?
                    var participants: [String]
                    var createdAt: String
                }
                var groups: [Group]
            }
            let (user, state) = (try device.actingUser(), await device.state)
            let groups = ExpensesRendering.groups(of: user, in: state).map { group in
                let date = Date(timeIntervalSince1970: Double(group.createdAt) / 1000)
                return View.Group(
                    id: group.id, name: group.name, participants: group.participants,
                    createdAt: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date))
            }
            return Answer(ExpensesRendering.groupLines(of: user, in: state), json: View(groups: groups))
        }
    }

    /// `new-group NAME --with USERS [--id GROUP]`: a group of the user and `USERS` (comma-separated).
    private static let newGroup = verb(
        "new-group", "create a group with other users",
        options: [
            .values("with", placeholder: "USERS", help: "the other participants, comma-separated (repeatable)"),
            .value("id", placeholder: "GROUP", help: "the group's id (default: a fresh one)"),
        ],
        arguments: [.required("NAME", help: "the group's display name")]
    ) { arguments, _ in
        let others = try arguments.values("with").flatMap { $0.split(separator: ",").map(String.init) }
            .map { name throws(UsageError) in try Self.userName(name, option: "option '--with'") }
        guard !others.isEmpty else { throw UsageError("missing option --with USERS (the other participants)") }
        let name = arguments.argument("NAME")!
        // The id becomes part of the group's log path, `groups/ID/operations`.
        if let id = arguments.value("id"), !SharedExpensesDomain.isValidGroupID(id) {
            throw UsageError("option '--id': '\(id)' is not a group id (1 to 64 ASCII letters, digits, '-' or '_')")
        }
        let groupID = arguments.value("id") ?? UUID().uuidString.lowercased()
        return StoreWork { device in
            let user = try device.actingUser()
            try await device.record(
                .createSpendingGroup(
                    GroupCreationPayload(groupID: groupID, participants: [user] + others, displayName: name)))
            return Answer(["created group \(groupID)"])
        }
    }

    /// `add [--group G | --friend USER] [--name TEXT] [--amount 12.34] [--currency EUR]
    /// [--split equal|a=5.00,b=7.34] [--yes]`: the add-expense flow (``AddExpenseFlow``), asking in
    /// the terminal what no flag answers (``ExpensesAddPrompts``).
    ///
    /// The picker offers only the user's groups and friends; amounts are read exactly in minor
    /// units. A dismissed question (an empty line, Ctrl-D, or anything but `y` at the confirmation)
    /// ends the flow with nothing recorded: it prints `cancelled` and exits 0.
    private static let add = verb(
        "add", "add an expense to a group or with a friend (asks what no flag answers)",
        options: [
            .value("group", placeholder: "GROUP", help: "the group (its id, or its name when unique)"),
            .value("friend", placeholder: "USER", help: "a friend (the group of the two of you)"),
            .value("name", placeholder: "TEXT", help: "what was bought"),
            .value("amount", placeholder: "AMOUNT", help: "the total you paid, like 12.34 (at most 2 decimals)"),
            .value("currency", placeholder: "CODE", help: "the ISO 4217 currency, like EUR"),
            .value(
                "split", placeholder: "HOW",
                help: "'equal', or who consumed how much: a=5.00,b=7.34 (summing to the amount)"),
            .flag("yes", help: "confirm without asking"),
        ]
    ) { arguments, context in
        if arguments.value("group") != nil, arguments.value("friend") != nil {
            throw UsageError("options '--group' and '--friend' exclude each other")
        }
        let prompts = ExpensesAddPrompts(
            group: arguments.value("group"), friend: arguments.value("friend"),
            spendingName: arguments.value("name"), amountText: arguments.value("amount"),
            currencyCode: arguments.value("currency"), splitText: arguments.value("split"),
            confirmed: arguments.flag("yes"), terminal: context.terminal)
        return StoreWork { device in
            let flow = AddExpenseFlow(
                user: try device.actingUser(), prompts: prompts, state: { await device.state },
                record: { operation in
                    do {
                        try await device.record(operation)
                    } catch is Rejection {
                        // The device holds this operation id already: recorded once, as promised.
                    }
                })
            do {
                guard case .completed(let added) = try await flow.flow.run() else { return Answer(["cancelled"]) }
                let spending = added.spending
                return Answer([
                    "added spending \(spending.spendingID) in \(spending.groupID): \(spending.name) "
                        + "\(MinorUnits.format(spending.amount)) \(spending.currency)"
                ])
            } catch let failure as AddExpenseFlow.Failure {
                throw CommandFailure(failure.description)
            }
        }
    }

    /// `delete SPENDING`: deletes a spending of one of the user's groups.
    private static let delete = verb(
        "delete", "delete a spending", arguments: [.required("SPENDING", help: "the spending's id")]
    ) {
        arguments, _ in
        let spendingID = arguments.argument("SPENDING")!
        return StoreWork { device in
            guard let spending = await device.state.spendings[spendingID] else {
                throw CommandFailure("no spending \(spendingID)".escapingControlCharacters)
            }
            try await device.record(.deleteSpending(spendingID: spendingID, groupID: spending.groupID))
            return Answer(["deleted spending \(spendingID)"])
        }
    }

    /// `balances [--json]`: what each member of the user's groups is owed (positive) or owes
    /// (negative), per currency, then the groups' spendings.
    private static let balances = verb(
        "balances", "show the balances of your groups",
        options: [
            .flag(
                "json",
                help: "print one JSON object {balances: {groupId: {userId: {currency: net}}}} in minor units")
        ]
    ) { _, _ in
        StoreWork { device in
            struct View: Encodable { var balances: [String: SharedExpensesState.GroupBalances] }
            let (user, state) = (try device.actingUser(), await device.state)
            let groups = ExpensesRendering.groups(of: user, in: state).map(\.id)
            let balances = Dictionary(uniqueKeysWithValues: groups.map { ($0, state.balances[$0] ?? [:]) })
            return Answer(
                ExpensesRendering.balanceLines(of: user, in: state)
                    + ExpensesRendering.spendingLines(of: user, in: state),
                json: View(balances: balances))
        }
    }

    /// `friends [request|accept|reject|withdraw|unfriend USER]`: lists the user's friends and
    /// pending requests, or records one friend operation (it travels through the mailbox of the
    /// two users at the next sync).
    private static let friends = verb(
        "friends", "list friends and requests, or request, accept, reject, withdraw or unfriend",
        arguments: [
            .optional("ACTION", help: "request, accept, reject, withdraw or unfriend (none: list)"),
            .optional("USER", help: "the other user"),
        ]
    ) { arguments, _ in
        guard let action = arguments.argument("ACTION") else {
            return StoreWork { device in
                Answer(ExpensesRendering.friendLines(of: try device.actingUser(), in: await device.state))
            }
        }
        guard let user = arguments.argument("USER") else { throw UsageError("missing USER after '\(action)'") }
        let other = try Self.userName(user, option: "USER")
        let payload: ExpenseOperationPayload
        let done: String
        switch action {
        case "request": (payload, done) = (.sendFriendRequest(target: other), "requested")
        case "accept": (payload, done) = (.acceptFriendRequest(sender: other), "accepted")
        case "reject": (payload, done) = (.rejectFriendRequest(sender: other), "rejected the request of")
        case "withdraw": (payload, done) = (.rollbackFriendRequest(target: other), "withdrew the request to")
        case "unfriend": (payload, done) = (.unfriend(target: other), "unfriended")
        default:
            throw UsageError("unknown action '\(action)' (expected request, accept, reject, withdraw or unfriend)")
        }
        return StoreWork { device in
            try await device.record(payload)
            return Answer(["\(done) \(other)"])
        }
    }
}
