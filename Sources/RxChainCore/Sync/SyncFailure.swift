/// Why the sync layer gave up on a request (what ``SendHandle/acknowledged()`` throws).
public enum SyncFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The remote refused the request for good; it is kept as a dead letter and can be retried.
    case deadLettered(seq: UInt64, reason: String)
    /// The request could not be written to the durable queue.
    case notQueued(reason: String)

    public var description: String {
        switch self {
        case .deadLettered(let seq, let reason):
            "request #\(seq) failed for good and is kept as a dead letter: \(reason)"
        case .notQueued(let reason): "the request could not be queued: \(reason)"
        }
    }
}
