/// Whom an expense is shared with, as the add-expense flow's picker offers it: a group the
/// user takes part in, or a friend (an expense with a friend goes to the group of the two).
public enum Counterparty: Sendable, Hashable, CustomStringConvertible {
    /// A live group the user is a participant of.
    case group(id: String, name: String?)
    /// A friend of the user.
    case friend(String)

    /// `group NAME (ID)` or `friend NAME`, for a picker.
    public var description: String {
        switch self {
        case .group(let id, let name): name.map { "group \($0) (\(id))" } ?? "group \(id)"
        case .friend(let name): "friend \(name)"
        }
    }

    /// What the user may pick in `state`: the live groups `user` takes part in (by name, then
    /// id), then `user`'s friends (by name). Nobody else: the original offered people who were
    /// not friends, and the expense failed later.
    public static func choices(for user: String, in state: SharedExpensesState) -> [Counterparty] {
        let groups = state.groups.values.filter { $0.participants.contains(user) }
            .sorted { ($0.name ?? $0.id, $0.id) < ($1.name ?? $1.id, $1.id) }
            .map { Counterparty.group(id: $0.id, name: $0.name) }
        let friends = state.friendships.compactMap { friendship -> String? in
            if friendship.first == user { return friendship.second }
            if friendship.second == user { return friendship.first }
            return nil
        }
        return groups + friends.sorted().map(Counterparty.friend)
    }
}
