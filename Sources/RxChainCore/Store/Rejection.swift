/// Why a message was refused: the state stayed as it was and the sender gets this error.
///
/// A reducer rejects invalid input (a missing field, a bad timestamp) with a reason
/// that names what was wrong, and an action a conflict rule turns down with
/// ``ignored(tag:reason:)`` (``isIgnored``: not an error; every device turns it down the same
/// way). A message whose tag has no reducer is rejected by the ``TagCompositeReducer`` itself.
public struct Rejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tag of the rejected message.
    public var tag: MessageTag
    /// What was wrong, for a person to read (names the field when there is one).
    public var reason: String
    /// The offending field's path, such as `payload.modifiedAt`, when there is one.
    public var field: String?
    /// Whether a conflict rule turned the message down (the input was valid): not an error.
    public var isIgnored: Bool

    /// Creates a rejection of invalid input.
    public init(tag: MessageTag, reason: String, field: String? = nil) {
        self.tag = tag
        self.reason = reason
        self.field = field
        self.isIgnored = false
    }

    /// The rejection of a valid action a conflict rule turned down, saying why.
    public static func ignored(tag: MessageTag, reason: String) -> Rejection {
        var rejection = Rejection(tag: tag, reason: reason)
        rejection.isIgnored = true
        return rejection
    }

    /// The rejection for a tag that no reducer handles, listing the tags that are registered.
    public static func unknownTag(_ tag: MessageTag, registered: [MessageTag]) -> Rejection {
        let known = registered.map(\.rawValue).sorted().joined(separator: ", ")
        return Rejection(tag: tag, reason: "no reducer is registered for tag '\(tag)' (registered: \(known))")
    }

    /// `transactions/put: payload.charge: expected a number`, `categories/new: ignored: the category exists`.
    public var description: String {
        if let field { return "\(tag): \(field): \(reason)" }
        if isIgnored { return "\(tag): ignored: \(reason)" }
        return "\(tag): \(reason)"
    }
}
