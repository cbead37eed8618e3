extension SharedExpensesState: Encodable {
    enum CodingKeys: String, CodingKey {
        case groups, spendings, balances, friendRequests, friendships
    }

    /// Encodes `{groups, spendings, balances, friendRequests, friendships}`: requests as
    /// sorted `"sender->target"`, friendships as sorted `"first|second"`. The used ids are not
    /// encoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(groups, forKey: .groups)
        try container.encode(spendings, forKey: .spendings)
        try container.encode(balances, forKey: .balances)
        try container.encode(friendRequests.sorted().map(\.description), forKey: .friendRequests)
        try container.encode(friendships.sorted().map(\.description), forKey: .friendships)
    }
}
