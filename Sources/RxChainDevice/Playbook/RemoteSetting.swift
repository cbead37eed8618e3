import Foundation
import RxChainCore
import RxChainLogs
import RxChainRemotes

/// The playbook a store syncs with, remembered in the store as `DIR/remote.json`.
///
/// ```json
/// {"location":"file:///srv/team/playbook.ndjson"}
/// {"endpoint":"http://127.0.0.1:8333","location":"s3://playbooks/team/playbook.ndjson"}
/// {"endpoint":"http://127.0.0.1:8333","location":"s3://playbooks/team/"}
/// {"location":"http://127.0.0.1:8080/logs/playbooks/team/ledger","user":"alice"}
/// ```
///
/// A `file://` URL or a path is a `DirectoryRemote`, kept as its canonical
/// `PlaybookRemote/location` so two spellings of the same playbook are the same
/// setting. An `s3://bucket/key` URL is an `S3Remote` (one object) and an
/// `s3://bucket/prefix/` URL, ending in `/`, an `S3SegmentedRemote` (one object per
/// upload), at `endpoint` (resolved when the setting is made: the given one, else AWS in
/// the region then in force), so later runs reach the same playbook whatever their
/// environment; the credentials are never part of the setting. An `http(s)://HOST:PORT/logs/NAME`
/// URL is a `ServerRemote`: a log of an RxChain server, reached with the device session of
/// `user` on that server (kept by a `ServerSessionStore`, never in the setting). Pointing a store at
/// another location keeps its pending actions (they go to the new playbook) and
/// discards its local copy of the old one
/// (`PlaybookTransport` notices the changed location on open).
public struct RemoteSetting: Sendable, Hashable, Codable {
    /// The playbook's location: a canonical `file://` URL, `s3://bucket/key` or `s3://bucket/prefix/`.
    public var location: String
    /// The S3 service (`http(s)://host[:port]`) for an `s3://` location; `nil` otherwise.
    public var endpoint: String?
    /// For a server location: whose device session signs the requests; `nil` uses the only
    /// session kept for that server.
    public var user: String?

    /// The setting for the playbook at `location` (a `file://` URL, a path, `s3://bucket/key`
    /// for one object, or `s3://bucket/prefix/` for the segmented layout).
    ///
    /// - Parameters:
    ///   - location: where the playbook is (see above).
    ///   - user: for a server location, whose device session signs the requests.
    ///   - endpoint: the S3 service for an `s3://` location (MinIO, SeaweedFS, R2); `nil`
    ///     for AWS in `region`. Refused for other locations.
    ///   - region: the AWS region whose endpoint an `s3://` location without `endpoint` uses.
    /// - Throws: `PlaybookRemoteError/invalidLocation(_:reason:)` when no remote
    ///   can be made for the location (another scheme, a relative `file:` URL, a query or
    ///   fragment, a directory, an empty location, a bad bucket, a `..` in a key);
    ///   `PlaybookRemoteError/invalidEndpoint(_:reason:)` for a bad endpoint, or an
    ///   endpoint given with a location that is not `s3://`.
    public init(parsing location: String, endpoint: String? = nil, region: String = "us-east-1", user: String? = nil)
        throws
    {
        if let user {
            guard location.hasPrefix("http://") || location.hasPrefix("https://") else {
                throw PlaybookRemoteError.invalidLocation(
                    location, reason: "a user applies only to a server location (http://HOST:PORT/logs/NAME)")
            }
            try ServerSessionStore.validate(user: user)
        }
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            if let endpoint {
                throw PlaybookRemoteError.invalidEndpoint(
                    endpoint, reason: "an endpoint applies only to an s3:// location, not to '\(location)'")
            }
            let parts: (origin: String, path: String)
            do {
                parts = try ServerClient.origin(of: location)
            } catch {
                throw PlaybookRemoteError.invalidLocation(location, reason: error.description)
            }
            self.location = try ServerRemote(location, client: ServerClient(server: parts.origin)).location
            self.user = user
        } else if location.hasPrefix("s3://") {
            let endpoint = endpoint ?? "https://s3.\(region).amazonaws.com"
            if location.hasSuffix("/") {
                _ = try S3SegmentedRemote(location, endpoint: endpoint, region: region)
            } else {
                _ = try S3Remote(location, endpoint: endpoint, region: region)
            }
            self.location = location
            self.endpoint = endpoint
        } else {
            if let endpoint {
                throw PlaybookRemoteError.invalidEndpoint(
                    endpoint, reason: "an endpoint applies only to an s3:// location, not to '\(location)'")
            }
            self.location = try DirectoryRemote(location).location
        }
    }

    /// Whether the setting names a log of an RxChain server.
    package var isServer: Bool { location.hasPrefix("http://") || location.hasPrefix("https://") }

    /// Whether the setting names a playbook in S3 (either layout).
    package var isS3: Bool { location.hasPrefix("s3://") }

    /// Whether the setting names the segmented S3 layout (`s3://bucket/prefix/`).
    package var isSegmentedS3: Bool { isS3 && location.hasSuffix("/") }

    /// The `PlaybookRemote/location` of the remote this setting names (for S3, the
    /// object's or prefix's path-style URL at ``endpoint``), as `PlaybookSyncStatus/location` holds it.
    package var remoteLocation: String {
        guard isS3 else { return location }
        if isSegmentedS3 { return (try? S3SegmentedRemote(location, endpoint: endpoint).location) ?? location }
        return (try? S3Remote(location, endpoint: endpoint).location) ?? location
    }

    /// The remote this setting names; `credentials` and `region` sign S3 requests (the
    /// app reads them, e.g. with `S3Credentials/init(environment:)`) and are ignored
    /// for a directory; `sessions` holds the device session a server remote signs in with.
    ///
    /// - Throws: for a server location, `ServerClientError/notSignedIn(server:user:reason:)`
    ///   when `sessions` has no session for it (or several and no ``user``).
    public func makeRemote(
        credentials: S3Credentials? = nil, region: String = "us-east-1", sessions: ServerSessionStore? = nil
    ) throws -> any PlaybookRemote {
        if isServer {
            let origin = try ServerClient.origin(of: location).origin
            guard let sessions else {
                throw ServerClientError.notSignedIn(server: origin, user: user, reason: "no session store was given")
            }
            let session = try sessions.session(server: origin, user: user)
            return try ServerRemote(
                location, client: ServerClient(server: origin, session: session, sessions: sessions))
        }
        guard isS3 else { return try DirectoryRemote(location) }
        if isSegmentedS3 {
            return try S3SegmentedRemote(location, endpoint: endpoint, region: region, credentials: credentials)
        }
        return try S3Remote(location, endpoint: endpoint, region: region, credentials: credentials)
    }

    /// For a server location: the server's change feed, signed in with the session `sessions`
    /// keeps, and the playbook's log name in it (for ``Device/follow(interval:onEvent:)``).
    ///
    /// - Throws: ``PlaybookRemoteError/invalidLocation(_:reason:)`` for a location that is not on
    ///   a server (only a server has a feed); ``ServerClientError/notSignedIn(server:user:reason:)``
    ///   without a session.
    package func makeFeed(sessions: ServerSessionStore?, retry: RetryPolicy = RetryPolicy()) throws -> (
        feed: ServerFeed, log: String
    ) {
        guard isServer else {
            throw PlaybookRemoteError.invalidLocation(
                location, reason: "only a server remote (http://…/logs/NAME) has a feed")
        }
        guard let remote = try makeRemote(sessions: sessions) as? ServerRemote else {
            preconditionFailure("a server setting always makes a ServerRemote")
        }
        return (ServerFeed(client: remote.client, retry: retry), remote.logName)
    }

    /// The file holding the setting in a store directory.
    package static func file(in directory: URL) -> URL {
        directory.appendingPathComponent("remote.json")
    }

    /// The setting saved in `directory`, or `nil` when the store has none (no `remote.json`).
    ///
    /// Only a missing file means "no remote": a file that cannot be read is an error.
    ///
    /// - Throws: a `PlaybookRemoteError` naming the file and the cause when it cannot be
    ///   read (permission denied, a directory in its place, an I/O error);
    ///   ``DeviceError/unreadableSetting(path:reason:)`` when it was read but
    ///   is not a setting.
    public static func saved(in directory: URL) throws -> RemoteSetting? {
        let file = file(in: directory)
        guard let data = try PlaybookFile.contentsIfExists(file.path, operation: "read the store's remote setting")
        else {
            return nil
        }
        do {
            return try JSONDecoder().decode(RemoteSetting.self, from: data)
        } catch {
            throw DeviceError.unreadableSetting(
                path: file.path, reason: "expected {\"location\":\"file:///…\"}: \(error)")
        }
    }

    /// Saves the setting in `directory`, replacing the file atomically and durably (a
    /// temporary file fsynced, renamed over it, the directory fsynced), so a crash leaves
    /// the old setting or the new one, never neither.
    ///
    /// > Important: Blocking file I/O; the store's lock must be held.
    package func save(in directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        try PlaybookFile.replaceAtomically(Self.file(in: directory).path, with: data, directory: directory.path)
    }
}
