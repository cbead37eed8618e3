/// One accepted line of a log: the client's entry, stamped with the server's order.
///
/// `seq` counts the log's entries from 1 without gaps; `ts` increases strictly across every log of
/// the storage (``AppendRules``), so sorting entries of several logs by `(ts, id)` gives the
/// server's order.
public struct LogEntry: Hashable, Sendable {
    /// The log the entry belongs to.
    public let log: LogName
    /// The entry's id (an actionId, operationId or entry id); unique within its log.
    public let id: String
    /// The authenticated user who appended the entry, as the server established it.
    public let creator: String
    /// The entry's JSON, byte for byte as the client sent it.
    public let body: [UInt8]
    /// The entry's position in its log, from 1.
    public let seq: UInt64
    /// The server-wide timestamp the entry was accepted at; see ``AppendRules`` for its clock.
    public let ts: UInt64

    /// Creates an entry; a storage is the one that assigns `seq` and `ts`
    /// (``AppendRules/stamp(_:plan:log:creator:firstSeq:lastTimestamp:now:)``).
    public init(log: LogName, id: String, creator: String, body: [UInt8], seq: UInt64, ts: UInt64) {
        self.log = log
        self.id = id
        self.creator = creator
        self.body = body
        self.seq = seq
        self.ts = ts
    }

    /// What an append of this entry answers: its position, with `duplicate` saying whether this
    /// append was a repeat.
    func appendResult(duplicate: Bool) -> AppendResult {
        AppendResult(seq: seq, ts: ts, creator: creator, duplicate: duplicate)
    }
}
