/// Two users who are friends, in a canonical order (``first`` sorts before ``second``); written
/// `first|second`.
public struct Friendship: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The user whose id sorts first.
    public let first: String
    /// The other user.
    public let second: String

    /// The friendship of `one` and `other`, whichever order they are given in.
    public init(_ one: String, _ other: String) {
        (first, second) = one <= other ? (one, other) : (other, one)
    }

    /// `first|second`.
    public var description: String { "\(first)|\(second)" }

    /// By first, then second.
    public static func < (lhs: Friendship, rhs: Friendship) -> Bool {
        (lhs.first, lhs.second) < (rhs.first, rhs.second)
    }
}
