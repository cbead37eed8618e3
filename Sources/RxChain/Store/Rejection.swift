/// Why a message was refused: the state stayed as it was and the sender gets this error.
///
/// A reducer rejects invalid input (a missing field, a bad timestamp) with a reason
/// that names what was wrong. A message whose tag has no reducer is rejected by the
/// ``TagCompositeReducer`` itself.
public struct Rejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tag of the rejected message.
    public var tag: MessageTag
    /// What was wrong, for a person to read (names the field when there is one).
    public var reason: String
    /// The offending field's path, such as `payload.modifiedAt`, when there is one.
    public var field: String?

    /// Creates a rejection.
    public init(tag: MessageTag, reason: String, field: String? = nil) {
        self.tag = tag
        self.reason = reason
        self.field = field
    }

    /// The rejection for a tag that no reducer handles, listing the tags that are registered.
    public static func unknownTag(_ tag: MessageTag, registered: [MessageTag]) -> Rejection {
        let known = registered.map(\.rawValue).sorted().joined(separator: ", ")
        return Rejection(tag: tag, reason: "no reducer is registered for tag '\(tag)' (registered: \(known))")
    }

    public var description: String {
        if let field { return "\(tag): \(field): \(reason)" }
        return "\(tag): \(reason)"
    }
}
