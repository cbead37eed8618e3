import SharedExpenses

extension ExpensesReplayReport {
    /// The summary for people: groups, spendings (by creation time), balances, friends and
    /// the rejected operations with their reasons, a line each, with control characters escaped
    /// (text from other devices cannot drive the terminal).
    var lines: [String] {
        var lines: [String] = []
        let groups = state.groups.values.sorted { $0.id < $1.id }
        lines.append("groups: \(groups.count)")
        for group in groups {
            let name = group.name.map { " \"\($0)\"" } ?? ""
            lines.append("  \(group.id)\(name): \(group.participants.joined(separator: ", "))")
        }
        let spendings = state.spendings.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        lines.append("spendings: \(spendings.count)")
        for spending in spendings {
            let shares = spending.shares.map { "\($0.userID) \(signed($0.amount))" }.joined(separator: ", ")
            lines.append(
                "  \(spending.id) in \(spending.groupID): \(spending.name), \(spending.amount) \(spending.currency)"
                    + " (\(shares))")
        }
        lines.append("balances:")
        for groupID in state.balances.keys.sorted() {
            let nets = (state.balances[groupID] ?? [:]).sorted { $0.key < $1.key }.flatMap { user, currencies in
                currencies.sorted { $0.key < $1.key }.map { "\(user) \(signed($0.value)) \($0.key)" }
            }
            lines.append("  \(groupID): \(nets.isEmpty ? "settled" : nets.joined(separator: ", "))")
        }
        lines.append("friend requests: \(list(state.friendRequests.sorted().map(\.description)))")
        lines.append("friendships: \(list(state.friendships.sorted().map(\.description)))")
        lines.append("rejected: \(rejected.count)")
        for (operationID, reason) in rejected {
            lines.append("  \(operationID): \(reason)")
        }
        return lines.map(\.escapingControlCharacters)
    }

    private func signed(_ amount: Int64) -> String { amount > 0 ? "+\(amount)" : "\(amount)" }

    private func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
}
