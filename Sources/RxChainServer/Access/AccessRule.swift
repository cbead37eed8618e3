/// One access rule: a pattern of log names and a decision per operation, supplied by the
/// application as code.
///
/// The server tries an ``AccessPolicy``'s rules in order; the **first whose pattern matches** the
/// log decides, and a log no pattern matches is refused. Reserved logs (`server/...`) match no
/// pattern. A decision is a plain function of its ``AccessContext`` (the user, the log, the
/// captures and a snapshot of the families); it runs without any lock held and must not block.
///
/// ```swift
/// // Anyone reads `public/...`; nobody appends.
/// let rule = AccessRule(
///     "public/**",
///     read: { _ in .allowed },
///     append: { context in .refused(reason: "\(context.log) is read-only") })
/// ```
///
/// The ready-made rules (``personal(_:)``, ``mailboxes(_:)``, ``family(_:)``) are values of this
/// same type.
public struct AccessRule: Sendable {
    /// A decision for one operation.
    public typealias Decision = @Sendable (AccessContext) -> AccessDecision

    /// The logs the rule covers.
    public let pattern: LogPattern
    /// Whether an append to a log of an **unclaimed** family first claims that family for the
    /// appender (so the decision sees the appender as its owner). Only the ``family(_:)`` rules set
    /// it; see ``AccessControl/decide(user:operation:log:)``.
    public let claimsFamilyOnFirstAppend: Bool
    private let read: Decision
    private let append: Decision

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - pattern: The logs the rule covers.
    ///   - claimsFamilyOnFirstAppend: Whether an append to an unclaimed family's log claims the
    ///     family for the appender before `append` decides.
    ///   - read: Decides reads of a matching log.
    ///   - append: Decides appends to a matching log.
    public init(
        _ pattern: LogPattern, claimsFamilyOnFirstAppend: Bool = false,
        read: @escaping Decision, append: @escaping Decision
    ) {
        self.pattern = pattern
        self.claimsFamilyOnFirstAppend = claimsFamilyOnFirstAppend
        self.read = read
        self.append = append
    }

    /// The rule's decision for `context.operation`.
    public func decide(_ context: AccessContext) -> AccessDecision {
        switch context.operation {
        case .read: read(context)
        case .append: append(context)
        }
    }
}
