/// The answer of the access rules to one request: allowed, or refused with a reason.
///
/// A refusal's reason is written to be shown to the user who asked (the body of a 403): it names
/// only the log they asked for and what the rule requires, never who else owns, belongs to or
/// writes that log.
public enum AccessDecision: Hashable, Sendable, CustomStringConvertible {
    /// The user may do the operation on the log.
    case allowed
    /// The user may not; nothing is read or written.
    case refused(reason: String)

    /// `true` for ``allowed``.
    public var isAllowed: Bool { self == .allowed }

    /// The reason of a refusal; `nil` when allowed.
    public var refusalReason: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }

    /// ``allowed`` when `condition` holds, else ``refused(reason:)`` with `reason` (evaluated only
    /// then): the usual shape of a rule's decision.
    ///
    /// ```swift
    /// .allowed(if: context.user == owner, else: "only the owner reads \(context.log)")
    /// ```
    public static func allowed(if condition: Bool, else reason: @autoclosure () -> String) -> AccessDecision {
        condition ? .allowed : .refused(reason: reason())
    }

    public var description: String {
        switch self {
        case .allowed: "allowed"
        case .refused(let reason): "refused: \(reason)"
        }
    }
}
