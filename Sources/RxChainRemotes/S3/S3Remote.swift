import Foundation
import RxChainLogs

/// A playbook kept as one object in S3-compatible storage (AWS S3, Cloudflare R2,
/// MinIO, SeaweedFS), updated with conditional writes.
///
/// ```swift
/// let environment = ProcessInfo.processInfo.environment  // read by the app, not the library
/// let remote = try S3Remote(
///     "s3://playbooks/team/playbook.ndjson", endpoint: "http://127.0.0.1:8333",
///     region: S3Credentials.region(environment: environment),
///     credentials: S3Credentials(environment: environment))
/// let chunk = try await remote.read(after: nil)
/// ```
///
/// Single-object layout, path-style addressing (`<endpoint>/<bucket>/<key>`):
/// - The revision is the object's `ETag`; `Revision.noPlaybook` while the object does not exist.
/// - The cursor is a byte offset. ``read(after:)`` fetches only the tail
///   (`Range: bytes=<cursor - 1>-`, `Accept-Encoding: identity`); the byte before the
///   cursor must end a line, and the `ETag` of that same answer is the chunk's revision,
///   so lines and revision always belong together.
/// - An append uploads the whole new object (``needsLocalCopy`` is `true`: `localCopy`
///   is the playbook at the expected revision followed by the lines) with
///   `If-Match: <etag>`, or `If-None-Match: *` to create it. `412 Precondition Failed`
///   (or `409` from a concurrent conditional write) is a `AppendOutcome.conflict(current:)`.
///   The server checks the condition; the remote cannot check that `localCopy` really
///   starts with the object's bytes, so callers must keep it faithfully.
/// - A trailing line without `"\n"` (written by another tool) is not returned; the next
///   append replaces it.
///
/// For a playbook that keeps growing, ``S3SegmentedRemote`` (a prefix, one object per
/// append) uploads only the new lines instead of the whole playbook.
///
/// Failures name what happened: `PlaybookRemoteError.rejected(location:status:reason:)`
/// for bad credentials (403), a missing bucket (404) or a malformed request — permanent;
/// `PlaybookRemoteError.unavailable(location:reason:)` for connection refused, timeouts,
/// throttling and 5xx — try later (see `PlaybookRemoteError.isTransient`). Credentials
/// appear in no description and no error.
///
/// > Important: Requests go through an ephemeral `URLSession` (no cache) owned by the
/// > remote, asynchronously: no thread of the concurrency pool waits on the network.
/// > Every request gives up after `requestTimeout`.
package struct S3Remote: PlaybookRemote {
    /// The object's path-style URL, e.g. `http://127.0.0.1:8333/playbooks/team/playbook.ndjson`.
    package var location: String { client.address.location }
    /// The bucket holding the playbook.
    package var bucket: String { client.address.bucket }
    /// The playbook's object key.
    package var key: String { client.address.key }
    /// Whether requests are signed (credentials were given) or anonymous.
    package var isSigned: Bool { client.isSigned }
    /// Always `true`: an append replaces the whole object.
    package var needsLocalCopy: Bool { true }

    let client: S3HTTPClient

    /// Creates a remote for the object at `location` (`s3://bucket/path/playbook.ndjson`).
    ///
    /// Nothing is sent until the first operation.
    ///
    /// - Parameters:
    ///   - location: the playbook's `s3://bucket/key` URL.
    ///   - endpoint: `http(s)://host[:port]` of the service; `nil` for AWS in `region`
    ///     (`https://s3.<region>.amazonaws.com`).
    ///   - region: the signing region (`us-east-1`; `auto` for R2).
    ///   - credentials: the key pair that signs requests; `nil` sends anonymous requests.
    ///   - requestTimeout: how long one request may take before it fails as unavailable.
    ///   - now: the clock that dates signatures.
    /// - Throws: `PlaybookRemoteError.invalidLocation(_:reason:)` for another scheme,
    ///   a bad bucket name, an empty key, a key ending in `/` (a prefix: use
    ///   ``S3SegmentedRemote`` for the segmented layout) or a key with a `.` or `..`
    ///   segment; `PlaybookRemoteError.invalidEndpoint(_:reason:)` for an endpoint that
    ///   is not `http(s)://host[:port]`.
    package init(
        _ location: String, endpoint: String? = nil, region: String = "us-east-1", credentials: S3Credentials? = nil,
        requestTimeout: Duration = .seconds(30), now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        let address = try S3ObjectAddress(
            parsing: location, endpoint: endpoint ?? S3ObjectAddress.awsEndpoint(region: region))
        client = S3HTTPClient(
            address: address, signer: credentials.map { SigV4Signer(credentials: $0, region: region) },
            timeout: requestTimeout, now: now)
    }

    package func currentRevision() async throws -> Revision {
        let head = try await client.send("HEAD")
        switch head.status {
        case 200: return try revision(of: head, operation: "read the playbook's revision")
        case 404:
            // A HEAD answer has no body: ask again with GET to tell a missing object from a missing bucket.
            let get = try await client.send("GET", headers: ["Accept-Encoding": "identity"])
            switch get.status {
            case 200: return try revision(of: get, operation: "read the playbook's revision")
            case 404 where get.errorCode == "NoSuchKey": return .noPlaybook
            default: throw client.failure(get, operation: "read the playbook's revision")
            }
        default: throw client.failure(head, operation: "read the playbook's revision")
        }
    }

    package func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk {
        let offset = try byteOffset(of: cursor)
        // From the byte before the cursor: it must end a line, and a cursor at the end still gets a 206 and an ETag.
        let start = max(0, offset - 1)
        var headers = ["Accept-Encoding": "identity"]
        if start > 0 { headers["Range"] = "bytes=\(start)-" }
        let response = try await client.send("GET", headers: headers)
        var bytes: Data
        switch response.status {
        case 200:
            guard response.body.count >= start else { throw pastTheEnd(cursor, length: response.body.count) }
            bytes = response.body.dropFirst(start)
        case 206:
            guard response.range?.start == start else {
                throw client.failure(response, operation: "read the playbook from byte \(start)")
            }
            bytes = response.body
        case 404 where response.errorCode == "NoSuchKey":
            guard let cursor, offset > 0 else {
                return PlaybookChunk(lines: Data(), cursor: PlaybookCursor("0"), revision: .noPlaybook)
            }
            throw PlaybookRemoteError.invalidCursor(cursor, location: location, reason: "the playbook no longer exists")
        case 416:
            throw pastTheEnd(cursor, length: response.range?.total)
        default:
            throw client.failure(response, operation: "read the playbook")
        }
        let revision = try revision(of: response, operation: "read the playbook")
        if let cursor, offset > 0 {
            guard bytes.first == UInt8(ascii: "\n") else {
                throw PlaybookRemoteError.invalidCursor(
                    cursor, location: location, reason: "byte \(offset) is not the start of a line")
            }
            bytes = bytes.dropFirst()
        }
        let complete = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex) - bytes.startIndex
        return PlaybookChunk(
            lines: Data(bytes.prefix(complete)), cursor: PlaybookCursor(String(offset + complete)), revision: revision)
    }

    package func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome {
        try validate(lines, localCopy: localCopy)
        let body = localCopy ?? Data()
        let condition = revision.isNoPlaybook ? ["If-None-Match": "*"] : ["If-Match": revision.rawValue]
        let response = try await client.send("PUT", headers: condition, body: body)
        switch response.status {
        case 200, 201, 204:
            let committed = try self.revision(of: response, operation: "append to the playbook")
            return .committed(revision: committed, cursor: PlaybookCursor(String(body.count)))
        case 412, 409:
            let current = try await currentRevision()
            guard current != revision else {
                throw PlaybookRemoteError.unavailable(
                    location: location,
                    reason: "the server reported a concurrent write (HTTP \(response.status)) but the playbook "
                        + "is still at \(revision); try again")
            }
            return .conflict(current: current)
        default:
            throw client.failure(response, operation: "append to the playbook")
        }
    }
}
