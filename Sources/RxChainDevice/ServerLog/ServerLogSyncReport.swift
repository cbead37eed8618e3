/// What one ``ServerLogDevice/syncNow(maxFailures:)`` did.
public struct ServerLogSyncReport: Sendable, Equatable, Codable {
    /// Entries of the domain received from the server (new or already held).
    public var received: Int
    /// Entries this device had queued that are still waiting (0 after a full push).
    public var pending: Int
    /// Queued entries the server refused for good (dead letters), in total.
    public var deadLetters: Int

    /// Creates a report.
    public init(received: Int, pending: Int, deadLetters: Int) {
        self.received = received
        self.pending = pending
        self.deadLetters = deadLetters
    }
}
