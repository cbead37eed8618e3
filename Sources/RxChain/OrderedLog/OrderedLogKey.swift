/// Where a confirmed entry sits in the fold: its server order, ties broken by its id.
struct OrderedLogKey<Order: Comparable & Sendable, ID: Comparable & Sendable>: Comparable, Sendable {
    var order: Order
    var id: ID

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.order < rhs.order || (lhs.order == rhs.order && lhs.id < rhs.id)
    }
}
