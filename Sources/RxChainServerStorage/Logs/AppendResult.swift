/// What an accepted append answers: `{seq, ts, creator}` of the entry, and whether it was a repeat.
///
/// A repeat (the same id with the same body and creator) answers the original entry's `seq`, `ts`
/// and `creator` with `duplicate` set, so a client retrying after a lost answer learns the same
/// position it would have learnt the first time.
public struct AppendResult: Hashable, Sendable {
    /// The entry's position in its log, from 1.
    public let seq: UInt64
    /// The server-wide timestamp the entry was first accepted at.
    public let ts: UInt64
    /// The user the server recorded as the entry's creator.
    public let creator: String
    /// `true` when the entry was already in the log and nothing was added.
    public let duplicate: Bool

    /// Creates an answer.
    public init(seq: UInt64, ts: UInt64, creator: String, duplicate: Bool) {
        self.seq = seq
        self.ts = ts
        self.creator = creator
        self.duplicate = duplicate
    }
}
