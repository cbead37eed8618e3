/// What a category rename or delete does to the records: every transaction in `from` moves to `to`.
struct CategoryMove: Sendable, Hashable {
    let from: String
    let to: String
}
