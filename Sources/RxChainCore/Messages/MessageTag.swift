/// The name of a message's type in the action log's vocabulary, such as `transactions/put`.
///
/// A tag is what a ``TagCompositeReducer`` dispatches on and what a playbook line
/// stores in its `"type"` field.
public struct MessageTag: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible,
    Comparable
{
    /// The tag's text.
    public let rawValue: String

    /// Creates a tag from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: MessageTag, rhs: MessageTag) -> Bool { lhs.rawValue < rhs.rawValue }
}
