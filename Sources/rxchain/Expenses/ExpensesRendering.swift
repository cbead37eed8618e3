import SharedExpenses

/// The state of a store as text for people: the user's groups, their spendings and balances,
/// and friends. Control characters are escaped (names come from other devices).
enum ExpensesRendering {
    /// The live groups `user` takes part in, by name then id.
    static func groups(of user: String, in state: SharedExpensesState) -> [SpendingGroup] {
        state.groups.values.filter { $0.participants.contains(user) }
            .sorted { ($0.name ?? $0.id, $0.id) < ($1.name ?? $1.id, $1.id) }
    }

    /// One line per group: `ID "NAME": alice, bob`.
    static func groupLines(of user: String, in state: SharedExpensesState) -> [String] {
        let groups = groups(of: user, in: state)
        guard !groups.isEmpty else { return ["no groups"] }
        return groups.map { group in
            let name = group.name.map { " \"\($0)\"" } ?? ""
            return "\(group.id)\(name): \(group.participants.joined(separator: ", "))".escapingControlCharacters
        }
    }

    /// One line per group of `user`: `ID "NAME": alice +6.66 EUR, bob -3.33 EUR` or `settled`.
    static func balanceLines(of user: String, in state: SharedExpensesState) -> [String] {
        let groups = groups(of: user, in: state)
        guard !groups.isEmpty else { return ["no groups"] }
        return groups.map { group in
            let nets = (state.balances[group.id] ?? [:]).sorted { $0.key < $1.key }.flatMap { member, currencies in
                currencies.sorted { $0.key < $1.key }.map { "\(member) \(signed($0.value)) \($0.key)" }
            }
            let name = group.name.map { " \"\($0)\"" } ?? ""
            return "\(group.id)\(name): \(nets.isEmpty ? "settled" : nets.joined(separator: ", "))"
                .escapingControlCharacters
        }
    }

    /// The spendings of `user`'s groups, oldest first: `ID in GROUP: NAME 12.34 EUR`.
    static func spendingLines(of user: String, in state: SharedExpensesState) -> [String] {
        let groups = Set(groups(of: user, in: state).map(\.id))
        return state.spendings.values.filter { groups.contains($0.groupID) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { spending in
                "\(spending.id) in \(spending.groupID): \(spending.name) \(MinorUnits.format(spending.amount)) "
                    + "\(spending.currency)".escapingControlCharacters
            }
    }

    /// `user`'s friends and pending requests.
    static func friendLines(of user: String, in state: SharedExpensesState) -> [String] {
        let friends = state.friendships.compactMap { friendship -> String? in
            friendship.first == user ? friendship.second : friendship.second == user ? friendship.first : nil
        }
        let incoming = state.friendRequests.filter { $0.target == user }.map(\.sender)
        let outgoing = state.friendRequests.filter { $0.sender == user }.map(\.target)
        return [
            "friends: \(list(friends))", "requests to you: \(list(incoming))", "your requests: \(list(outgoing))",
        ].map(\.escapingControlCharacters)
    }

    /// A signed amount in major units: `+6.66`, `-3.33`.
    static func signed(_ amount: Int64) -> String {
        (amount > 0 ? "+" : "") + MinorUnits.format(amount)
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.sorted().joined(separator: ", ")
    }
}
