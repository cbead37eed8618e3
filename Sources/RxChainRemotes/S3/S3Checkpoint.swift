/// A checkpoint of a segmented S3 playbook (`s3://bucket/prefix/`, an `S3SegmentedRemote`): one
/// object holding exactly the bytes of segments 1 through ``segment``, so that a device reading
/// from the start fetches it instead of every segment. What compacting the playbook returns
/// (`RemoteSetting.compact(credentials:region:)` of `RxChainDevice`, `rxchain ledger compact`).
public struct S3Checkpoint: Sendable, Hashable {
    /// The last segment the checkpoint covers; its revision is `Revision(String(segment))`.
    public var segment: Int
    /// The checkpoint's object key (`<prefix>checkpoint/<segment, 12 digits>.ndjson`).
    public var key: String
    /// The checkpoint's size in bytes (the total size of segments 1 through ``segment``).
    public var byteCount: Int
    /// `true` when this call wrote the checkpoint; `false` when it already existed
    /// (an earlier compaction at the same segment, whose bytes are the same).
    public var wasCreated: Bool

    /// Describes a checkpoint; `S3SegmentedRemote.compact()` makes these.
    package init(segment: Int, key: String, byteCount: Int, wasCreated: Bool) {
        self.segment = segment
        self.key = key
        self.byteCount = byteCount
        self.wasCreated = wasCreated
    }
}
