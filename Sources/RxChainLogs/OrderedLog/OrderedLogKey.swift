/// Where a confirmed entry sits in the fold: its server order, ties broken by its id.
@usableFromInline
struct OrderedLogKey<Order: Comparable & Sendable, ID: Comparable & Sendable>: Comparable, Sendable {
    @usableFromInline var order: Order
    @usableFromInline var id: ID

    @inlinable
    init(order: Order, id: ID) {
        self.order = order
        self.id = id
    }

    @inlinable
    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.order < rhs.order || (lhs.order == rhs.order && lhs.id < rhs.id)
    }
}
