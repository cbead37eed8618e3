import Foundation
import RxChainLogs

extension S3SegmentedRemote {
    /// Where checkpoints live: `<prefix>checkpoint/`.
    package var checkpointPrefix: String { prefix + "checkpoint/" }

    /// The object key of the checkpoint covering segments 1 through `number`
    /// (`team/checkpoint/000000000042.ndjson` for 42 under `team/`).
    package func checkpointKey(_ number: Int) -> String {
        checkpointPrefix + Self.padded(number) + ".ndjson"
    }

    /// Writes a checkpoint of the playbook as it is now: one object holding exactly the
    /// bytes of segments 1 through the last one, so that a device reading from the start
    /// makes one request for them instead of one per segment.
    ///
    /// ```swift
    /// if let checkpoint = try await remote.compact() {
    ///     print("checkpoint at segment \(checkpoint.segment): \(checkpoint.byteCount) bytes")
    /// }
    /// ```
    ///
    /// The bytes come from the remote, never from a device: the newest existing checkpoint
    /// (itself made of segments) followed by the segments after it, so the checkpoint of
    /// `N` is byte-identical to segments 1…`N` concatenated. It is created with
    /// `If-None-Match: *`: compacting twice at the same segment, or two compactions at
    /// once, leave one checkpoint and no error. Appends may run meanwhile; they land in
    /// later segments.
    ///
    /// Compaction deletes nothing, so every device converges as before: one that is
    /// behind keeps reading the segments after its cursor; a new one reads the checkpoint,
    /// then the segments after it.
    ///
    /// > Important: Deleting old segments is left to the operator, and only segments
    /// > covered by a checkpoint may go (never the last segment: its number is the
    /// > revision, and a new segment would reuse a number). A device whose cursor lies
    /// > before the deleted ones then finds its next segment missing: its read fails
    /// > with `PlaybookRemoteError.invalidCursor(_:location:reason:)` and a
    /// > `PlaybookTransport` reads the playbook again from the start (the checkpoint),
    /// > a full download. Tools that read segment by segment from 1 lose those lines.
    ///
    /// - Returns: the checkpoint at the current revision, or `nil` when the playbook has
    ///   no segment yet (nothing to compact).
    /// - Throws: a `PlaybookRemoteError` (as ``read(after:)``; `s3:ListBucket` is needed).
    package func compact() async throws -> S3Checkpoint? {
        var (lines, last) = try await newestCheckpointLines().map { ($0.lines, $0.segment) } ?? (Data(), 0)
        let base = last
        let tail = try await read(after: PlaybookCursor(String(last)))
        lines.append(tail.lines)
        last = try segmentNumber(of: tail.cursor)
        guard last > 0 else { return nil }
        let key = checkpointKey(last)
        guard last != base else {
            return S3Checkpoint(segment: last, key: key, byteCount: lines.count, wasCreated: false)
        }
        let response = try await client.send("PUT", key: key, headers: ["If-None-Match": "*"], body: lines)
        switch response.status {
        case 200, 201, 204:
            return S3Checkpoint(segment: last, key: key, byteCount: lines.count, wasCreated: true)
        case 412, 409:
            return S3Checkpoint(segment: last, key: key, byteCount: lines.count, wasCreated: false)
        default:
            throw client.failure(response, operation: "write checkpoint \(last)")
        }
    }

    /// The newest checkpoint's segment and bytes, or `nil` when there is none.
    func newestCheckpointLines() async throws -> (segment: Int, lines: Data)? {
        guard let number = try await newestCheckpoint() else { return nil }
        let key = checkpointKey(number)
        // Missing: removed since the listing, so read the segments instead.
        return try await fetchLines(
            at: key, named: "checkpoint \(key)", writtenBy: "compact(): delete it",
            operation: "read checkpoint \(number)"
        ).map { (number, $0) }
    }

    /// The segment number of the newest checkpoint, from a listing of ``checkpointPrefix``
    /// (one page unless there are more than 1000 checkpoints), or `nil` when there is none.
    func newestCheckpoint() async throws -> Int? {
        var newest: Int?
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", checkpointPrefix)]
            if let token { query.append(("continuation-token", token)) }
            let response = try await client.send("GET", key: "", query: query)
            guard response.status == 200 else { throw client.failure(response, operation: "list the checkpoints") }
            let page = S3ListPage(xml: response.body)
            for key in page.keys {
                guard let number = checkpointNumber(ofKey: key) else { continue }
                newest = max(newest ?? 0, number)
            }
            token = page.nextContinuationToken
        } while token != nil
        if let newest { hint.saw(segment: newest) }
        return newest
    }

    /// The segment a checkpoint key names, or `nil` for another object under the prefix.
    func checkpointNumber(ofKey key: String) -> Int? {
        guard key.hasPrefix(checkpointPrefix), key.hasSuffix(".ndjson") else { return nil }
        let digits = key.dropFirst(checkpointPrefix.count).dropLast(".ndjson".count)
        guard digits.count >= 12, digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits), number > 0
        else {
            return nil
        }
        return number
    }
}
