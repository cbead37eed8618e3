/// Why a snapshot in the local file cannot be read: damaged, cut short, or written in a
/// format this build does not know.
///
/// The engine never surfaces it as a failure: it discards the local file and rebuilds the
/// state by replaying the playbook, and the sync status's `resetReason` quotes it.
public struct SnapshotDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `unexpected end at byte 120`.
    public let reason: String

    /// An error saying `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
