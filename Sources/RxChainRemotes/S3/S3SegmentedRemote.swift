import Foundation
import RxChainLogs

/// A playbook kept as numbered segment objects under a prefix in S3-compatible storage
/// (AWS S3, Cloudflare R2, MinIO, SeaweedFS): every upload creates the next segment.
///
/// ```swift
/// let environment = ProcessInfo.processInfo.environment  // read by the app, not the library
/// let remote = try S3SegmentedRemote(
///     "s3://playbooks/team/", endpoint: "http://127.0.0.1:8333",
///     region: S3Credentials.region(environment: environment),
///     credentials: S3Credentials(environment: environment))
/// let chunk = try await remote.read(after: nil)
/// ```
///
/// Segmented layout, path-style addressing (`<endpoint>/<bucket>/<prefix><name>`):
/// - Segment `N` (from 1) is the object `<prefix><N as 12 zero-padded digits>.ndjson`
///   (``segmentKey(_:)``) and holds exactly the lines of one append. Segments are
///   written once and never changed.
/// - The revision is the number of the last segment (`"42"`); `Revision.noPlaybook`
///   while neither segment 1 nor a checkpoint exists. The cursor is the number of the
///   last segment read (`"0"`: nothing read).
/// - An append expecting revision `N` creates segment `N + 1` with `If-None-Match: *`:
///   whoever creates it first wins; the other gets `412 Precondition Failed` (or `409`
///   from a concurrent conditional write) and answers `AppendOutcome.conflict(current:)`
///   — the put-if-absent scheme Delta Lake uses for its transaction log. Upload cost
///   follows the new lines, whatever the playbook's size (``needsLocalCopy`` is `false`).
/// - ``read(after:)`` fetches segments `cursor + 1`, `cursor + 2`, … until one is missing:
///   one request per new segment, plus one. A read from the start begins at the newest
///   checkpoint, if any (see ``compact()``).
/// - ``currentRevision()`` probes from the highest segment this instance has seen: one
///   request when nothing is new.
///
/// Failures map as for ``S3Remote``: `PlaybookRemoteError.rejected(location:status:reason:)`
/// for bad credentials (403), a missing bucket (404) or a malformed request — permanent;
/// `PlaybookRemoteError.unavailable(location:reason:)` for connection refused, timeouts,
/// throttling and 5xx — try later. Credentials appear in no description and no error.
///
/// > Important: Requests go through an ephemeral `URLSession` (no cache) owned by the
/// > remote, asynchronously: no thread of the concurrency pool waits on the network.
/// > Every request gives up after `requestTimeout`. Copies of the value share what they
/// > have learnt about the log (the highest segment seen).
package struct S3SegmentedRemote: PlaybookRemote {
    /// The prefix's path-style URL, e.g. `http://127.0.0.1:8333/playbooks/team/`.
    package var location: String { client.address.location }
    /// The bucket holding the segments.
    package var bucket: String { client.address.bucket }
    /// The key prefix of every segment, ending in `/` (e.g. `team/`).
    package var prefix: String { client.address.key }
    /// Whether requests are signed (credentials were given) or anonymous.
    package var isSigned: Bool { client.isSigned }
    /// Always `false`: an append uploads only its own lines.
    package var needsLocalCopy: Bool { false }

    let client: S3HTTPClient
    /// What this instance (and its copies) learnt about the log, to keep probes short.
    let hint = S3SegmentHint()

    /// Creates a remote for the segments under `location` (`s3://bucket/path/`, ending in `/`).
    ///
    /// Nothing is sent until the first operation.
    ///
    /// - Parameters:
    ///   - location: the playbook's `s3://bucket/key` URL (a key ending in `/`: the segments' prefix).
    ///   - endpoint: `http(s)://host[:port]` of the service; `nil` for AWS in `region`
    ///     (`https://s3.<region>.amazonaws.com`).
    ///   - region: the signing region (`us-east-1`; `auto` for R2).
    ///   - credentials: the key pair that signs requests; `nil` sends anonymous requests.
    ///   - requestTimeout: how long one request may take before it fails as unavailable.
    ///   - now: the clock that dates signatures.
    /// - Throws: `PlaybookRemoteError.invalidLocation(_:reason:)` for another scheme,
    ///   a bad bucket name, an empty prefix, a key not ending in `/` (one object: use
    ///   ``S3Remote``) or a key with a `.` or `..` segment;
    ///   `PlaybookRemoteError.invalidEndpoint(_:reason:)` for an endpoint that is not
    ///   `http(s)://host[:port]`.
    package init(
        _ location: String, endpoint: String? = nil, region: String = "us-east-1", credentials: S3Credentials? = nil,
        requestTimeout: Duration = .seconds(30), now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        let address = try S3ObjectAddress(
            parsing: location, endpoint: endpoint ?? S3ObjectAddress.awsEndpoint(region: region), layout: .segmented)
        client = S3HTTPClient(
            address: address, signer: credentials.map { SigV4Signer(credentials: $0, region: region) },
            timeout: requestTimeout, now: now)
    }

    /// The number of the last segment, found by probing upwards from the highest segment
    /// this instance has seen (a fresh instance starts from the newest checkpoint).
    ///
    /// One request when nothing is new; about `2 log2(n)` for `n` new segments.
    package func currentRevision() async throws -> Revision {
        revision(atSegment: try await lastSegment(from: try await knownSegment()))
    }

    /// The lines of the segments after the cursor's, in order, up to the first missing
    /// segment; from the start, the newest checkpoint's lines followed by the segments after it.
    ///
    /// The chunk's cursor and revision are the last segment read (the cursor's own when
    /// nothing is new). Throws `PlaybookRemoteError.invalidCursor(_:location:reason:)`
    /// for a cursor that is not a segment number, names a segment past the last one, or
    /// is followed by a segment someone deleted (reading from the start then recovers).
    package func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk {
        let start = try segmentNumber(of: cursor)
        var lines = Data()
        var last = start
        if start == 0, let checkpoint = try await newestCheckpointLines() {
            (lines, last) = (checkpoint.lines, checkpoint.segment)
        }
        let (segments, count) = try await fetchSegments(from: last + 1)
        lines.append(segments)
        last += count
        if last == start, start > 0, let cursor {
            try await confirmIsLast(start, cursor: cursor)
        }
        hint.saw(segment: last)
        return PlaybookChunk(lines: lines, cursor: PlaybookCursor(String(last)), revision: revision(atSegment: last))
    }

    /// Creates segment `revision + 1` holding `lines`, if no one created it first.
    ///
    /// `localCopy` is ignored. A revision this remote did not make, one past the last
    /// segment, or one older than a segment this instance has seen is a conflict without
    /// a write (so the log never has a gap, and a deleted old segment is never recreated).
    package func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome {
        try client.checkComplete(lines)
        guard let expected = segmentNumber(of: revision) else {
            return .conflict(current: try await currentRevision())
        }
        let known = try await knownSegment()
        if expected < known {
            return .conflict(current: try await currentRevision())
        } else if expected > known {
            guard try await segmentExists(expected) else { return .conflict(current: try await currentRevision()) }
            hint.saw(segment: expected)
        }
        let next = expected + 1
        let response = try await client.send(
            "PUT", key: segmentKey(next), headers: ["If-None-Match": "*"], body: lines)
        switch response.status {
        case 200, 201, 204:
            hint.saw(segment: next)
            return .committed(revision: self.revision(atSegment: next), cursor: PlaybookCursor(String(next)))
        case 412, 409:
            let current = try await currentRevision()
            guard current != revision else {
                throw PlaybookRemoteError.unavailable(
                    location: location,
                    reason: "the server reported a concurrent write of segment \(next) (HTTP \(response.status)) "
                        + "but the playbook is still at \(revision); try again")
            }
            return .conflict(current: current)
        default:
            throw client.failure(response, operation: "create segment \(next)")
        }
    }
}
