/// Why a JSON line is not a domain's action, naming the field at fault: the error of the
/// field readers (`JSONFieldReader`) that domains build their line reading on.
///
/// Its ``description`` reads like
/// `payload.modifiedAt: "2024-13-01T00:00:00Z" is not an RFC 3339 date-time (month 13)`.
public struct JSONFieldError: FieldError {
    /// The class of problem, the same whichever reader (fast or reference) finds it.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Not one JSON value (syntax, bad UTF-8, lone surrogate, nesting deeper than 512).
        case malformedJSON
        /// A value of the wrong JSON type (e.g. a number where an object belongs).
        case wrongShape
        /// A required field is absent (or `null`).
        case missing
        /// A string that must not be empty is.
        case empty
        /// A number that is not finite (out of `Double`'s range, NaN, infinity).
        case notFinite
        /// A string that is none of the values the field allows (an action `type` no domain
        /// action has, a transaction type outside its list).
        case unknownValue
        /// A timestamp outside the RFC 3339 grammar or ranges.
        case badTimestamp
        /// `actionId` is not `<deviceId>:<seq>`.
        case badActionID
    }

    /// The JSON path of the offending field (`payload.modifiedAt`, `type`, `actionId`), or
    /// `line` when the line as a whole is not a JSON object.
    public let field: String
    /// The class of problem.
    public let kind: Kind
    /// What is wrong with the field's value, without the field name.
    public let detail: String

    /// Creates an error for `field`.
    public init(field: String, kind: Kind, detail: String) {
        self.field = field
        self.kind = kind
        self.detail = detail
    }
}
