/// What a domain's rules did with one action.
///
/// ```swift
/// switch domain.apply(action, to: &state) {
/// case .applied: …                   // the state changed (or was set to equal values)
/// case .ignored(let reason): …       // a conflict rule turned it down: every device does the same
/// case .invalid(let error): …        // not an action of the domain: the error names the field
/// }
/// ```
public enum RuleOutcome<
    IgnoreReason: Sendable & Hashable & CustomStringConvertible, Failure: Error & Sendable & Hashable
>:
    Sendable, Hashable
{
    /// The state changed as the action asked.
    case applied
    /// A conflict rule turned the action down; the state is unchanged. Not an error: every
    /// device ignores the same action the same way.
    case ignored(IgnoreReason)
    /// The action can never be valid (e.g. built in code with an empty id); the state is unchanged.
    case invalid(Failure)
}
