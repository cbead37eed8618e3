import RxChainServerStorage

/// Everything a rule's decision may consult: who asks, for what, on which log, what the rule's
/// pattern captured, and the server's family state at the moment of the decision.
public struct AccessContext: Sendable {
    /// The authenticated user asking (never a name the client claims).
    public let user: String
    /// The operation asked for.
    public let operation: AccessOperation
    /// The log asked for.
    public let log: LogName
    /// What the rule's pattern captured from ``log``.
    public let captures: LogCaptures
    /// The owners and members of every family, as folded when the decision began (a snapshot:
    /// read-only, and unchanged by appends made meanwhile).
    public let families: FamilyDirectory

    /// Creates a context (the server makes them; tests of a rule may too).
    public init(
        user: String, operation: AccessOperation, log: LogName, captures: LogCaptures, families: FamilyDirectory
    ) {
        self.user = user
        self.operation = operation
        self.log = log
        self.captures = captures
        self.families = families
    }

    /// The family of ``log`` (its first two segments); `nil` for a log of one segment.
    public var family: LogFamily? { LogFamily(of: log) }
}
