import Foundation

/// The sync layer's state for a UI or the CLI: what waits, what is in flight, what went wrong.
public struct SyncStatus: Sendable, Equatable, Codable {
    /// Whether the manager believes the remote is reachable (from ``SyncManager/connectivityChanged(online:)``).
    public var isOnline = true
    /// Requests durably queued and not yet acknowledged (including those in flight).
    public var pendingCount = 0
    /// Requests in the batch being sent right now.
    public var inFlightCount = 0
    /// Requests that failed for good, kept for the user to retry.
    public var deadLetterCount = 0
    /// When the next retry is due, if one is scheduled (wall clock).
    public var nextAttemptAt: Date?
    /// When a batch was last sent.
    public var lastAttemptAt: Date?
    /// When a batch was last acknowledged.
    public var lastSuccessAt: Date?
    /// When a batch last failed (transiently or for good).
    public var lastFailureAt: Date?
    /// The last failure's reason.
    public var lastError: String?
    /// Consecutive failed attempts of the current batch.
    public var consecutiveFailures = 0

    /// Creates an empty status.
    package init() {}
}
