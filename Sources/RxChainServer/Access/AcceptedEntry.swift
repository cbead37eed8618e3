import RxChainServerStorage

/// An entry the server has just accepted into a family's log, as a ``FamilyAppendHook`` sees it.
public struct AcceptedEntry: Hashable, Sendable {
    /// The log the entry was appended to.
    public let log: LogName
    /// The family of ``log``.
    public let family: LogFamily
    /// The entry's id within its log.
    public let id: String
    /// The authenticated user who appended it.
    public let creator: String
    /// The entry's JSON, as the client sent it.
    public let body: [UInt8]

    /// Creates an accepted entry.
    public init(log: LogName, family: LogFamily, id: String, creator: String, body: [UInt8]) {
        self.log = log
        self.family = family
        self.id = id
        self.creator = creator
        self.body = body
    }
}
