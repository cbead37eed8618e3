/// A pending friend request from ``sender`` to ``target``; written `sender->target`.
public struct FriendRequest: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Who asked.
    public var sender: String
    /// Who was asked.
    public var target: String

    /// Creates a request.
    public init(sender: String, target: String) {
        self.sender = sender
        self.target = target
    }

    /// The same request the other way round.
    public var reversed: FriendRequest { FriendRequest(sender: target, target: sender) }

    /// `sender->target`.
    public var description: String { "\(sender)->\(target)" }

    /// By sender, then target.
    public static func < (lhs: FriendRequest, rhs: FriendRequest) -> Bool {
        (lhs.sender, lhs.target) < (rhs.sender, rhs.target)
    }
}
