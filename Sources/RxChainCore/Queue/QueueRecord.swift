import Foundation

/// One request waiting in a ``SyncQueue``: its place in the queue, its idempotency key, its tag and its JSON body.
///
/// Records are values: reading ``SyncQueue/pending`` hands out copies, and a record read
/// after a restart is equal to the one enqueued before it.
public struct QueueRecord: Sendable, Equatable, Hashable {
    /// The record's sequence number: per queue, strictly increasing, never reused
    /// (not after acknowledgement, compaction or restart).
    public let seq: UInt64
    /// The idempotency key `"<deviceId>:<seq>"`, unique across devices, for the remote to
    /// recognise a request it has already applied.
    public let key: String
    /// The request's type (the tag of the message that produced it).
    public let tag: String
    /// The request's body: one JSON value, stored verbatim (line breaks, which valid JSON
    /// only has as whitespace between tokens, are stored as spaces).
    public let payload: Data

    /// Creates a record; normally `SyncQueue.enqueue(tag:payload:)` does this.
    public init(seq: UInt64, key: String, tag: String, payload: Data) {
        self.seq = seq
        self.key = key
        self.tag = tag
        self.payload = payload
    }
}
