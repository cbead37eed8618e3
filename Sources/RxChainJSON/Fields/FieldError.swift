/// An error in input that names the field at fault: what a domain's line reading and its
/// rules report, so every rejection tells the user which field to fix.
///
/// ```swift
/// PlaybookLineError(field: "payload.key", detail: "expected a string")  // "payload.key: expected a string"
/// ```
public protocol FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault, as a path (`payload.amount`, `actionId`, or `line` for the whole line).
    var field: String { get }
    /// What is wrong with it, for a person to read.
    var detail: String { get }
}

extension FieldError {
    /// `<field>: <detail>`.
    public var description: String { "\(field): \(detail)" }
}
