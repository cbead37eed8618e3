import RxChainLogs
import RxChainRemotes

extension RemoteSetting {
    /// Writes a checkpoint of the segmented S3 playbook this setting names
    /// (`s3://bucket/prefix/`): one object holding exactly the bytes of every segment so far, so
    /// that a device reading from the start fetches it instead of every segment.
    ///
    /// ```swift
    /// let setting = try RemoteSetting.saved(in: store)!
    /// let checkpoint = try await setting.compact(credentials: S3Credentials(environment: environment))
    /// ```
    ///
    /// Talks only to the remote: no store is opened or changed. The bytes come from the remote,
    /// never from a device; compacting twice at the same segment, or two compactions at once,
    /// leave one checkpoint and no error, and appends may run meanwhile. Compaction deletes
    /// nothing, so every device converges as before (deleting old segments is left to the
    /// operator: only segments a checkpoint covers, never the last one).
    ///
    /// - Parameters:
    ///   - credentials: the key pair that signs the requests (`nil`: anonymous).
    ///   - region: the region the requests are signed for (`auto` for R2).
    /// - Returns: the checkpoint at the playbook's current revision, or `nil` when the playbook
    ///   has no segment yet (nothing to compact).
    /// - Throws: `PlaybookRemoteError/invalidLocation(_:reason:)` when the setting names another
    ///   kind of remote; the remote's `PlaybookRemoteError` when it fails (listing the
    ///   checkpoints needs `s3:ListBucket`).
    public func compact(credentials: S3Credentials? = nil, region: String = "us-east-1") async throws
        -> S3Checkpoint?
    {
        guard isSegmentedS3 else {
            throw PlaybookRemoteError.invalidLocation(
                location, reason: "only a segmented S3 playbook (s3://bucket/prefix/, ending in '/') can be compacted")
        }
        let remote = try S3SegmentedRemote(location, endpoint: endpoint, region: region, credentials: credentials)
        return try await remote.compact()
    }
}
