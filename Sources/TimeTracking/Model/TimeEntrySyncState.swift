/// Where a time entry stands with the server.
public enum TimeEntrySyncState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Made here and not yet created on the server (no `remoteId` yet).
    case createPending
    /// Changed here (or deleted: every tombstone) since the server last confirmed it.
    case updatePending
    /// The server holds what this device holds.
    case synced
}
