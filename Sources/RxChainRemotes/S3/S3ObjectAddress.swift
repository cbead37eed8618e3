import Foundation
import RxChainLogs

/// Where a playbook lives in S3: the endpoint, the bucket and the key, path-style
/// (`<endpoint>/<bucket>/<key>`), parsed from an `s3://bucket/key` location.
///
/// For the single-object layout the key names the playbook object; for the segmented
/// layout it is a prefix ending in `/` under which the segments live. Either way the
/// client may address any other key of the same bucket (``encodedPath(key:)``).
struct S3ObjectAddress: Sendable, Hashable {
    /// How the playbook is laid out in the bucket, which decides what a key may look like.
    enum Layout: Sendable {
        /// One object (``S3Remote``): the key must not end in `/`.
        case singleObject
        /// Numbered segment objects under a prefix (``S3SegmentedRemote``): the key must end in `/`.
        case segmented
    }

    /// `scheme://host[:port]`, lowercase, without the scheme's default port or a trailing slash.
    let endpoint: String
    /// The `Host` header the client sends (and the signer signs): the host, plus `:port` when not default.
    let host: String
    let bucket: String
    let key: String

    /// The object's path as it goes on the wire, encoded once.
    var encodedPath: String { encodedPath(key: key) }
    /// The object's URL.
    var url: URL { url(key: key, encodedQuery: "") }

    /// The path of another object of the bucket as it goes on the wire, encoded once;
    /// an empty `key` addresses the bucket itself (`/<bucket>`, for listings).
    func encodedPath(key: String) -> String {
        SigV4Signer.encodePath(key.isEmpty ? "/\(bucket)" : "/\(bucket)/\(key)")
    }

    /// The URL of `key` (see ``encodedPath(key:)``) with an already encoded query string.
    func url(key: String, encodedQuery: String) -> URL {
        URL(string: endpoint + encodedPath(key: key) + (encodedQuery.isEmpty ? "" : "?" + encodedQuery))!
    }
    /// The canonical location: the path-style object URL, unencoded.
    var location: String { "\(endpoint)/\(bucket)/\(key)" }

    /// The default endpoint for `region` on AWS.
    static func awsEndpoint(region: String) -> String { "https://s3.\(region).amazonaws.com" }

    /// Parses `s3://bucket/key` against `endpoint` (`http(s)://host[:port]`).
    ///
    /// - Throws: ``PlaybookRemoteError/invalidLocation(_:reason:)`` naming what is wrong
    ///   with the location, including a key whose trailing `/` does not match `layout` and a
    ///   key with a `.` or `..` segment; ``PlaybookRemoteError/invalidEndpoint(_:reason:)``
    ///   for an endpoint that is not `http(s)://host[:port]`.
    init(parsing location: String, endpoint: String, layout: Layout = .singleObject) throws {
        func invalid(_ reason: String) -> PlaybookRemoteError { .invalidLocation(location, reason: reason) }

        guard location.lowercased().hasPrefix("s3://") else {
            throw invalid("an S3 playbook location looks like s3://bucket/path/playbook.ndjson")
        }
        let rest = location.dropFirst("s3://".count)
        guard let slash = rest.firstIndex(of: "/") else {
            throw invalid("it names a bucket but no object; add the key, e.g. s3://\(rest)/playbook.ndjson")
        }
        let bucket = String(rest[..<slash])
        let key = String(rest[rest.index(after: slash)...])
        guard Self.isValidBucket(bucket) else {
            throw invalid(
                "'\(bucket)' is not a bucket name (3–63 characters: lowercase letters, digits, '.' and '-')")
        }
        guard !key.isEmpty, !key.hasPrefix("/") else {
            throw invalid(
                layout == .segmented
                    ? "the key prefix after the bucket is empty; name one, e.g. s3://\(bucket)/team/"
                    : "the object key after the bucket is empty")
        }
        switch layout {
        case .singleObject where key.hasSuffix("/"):
            throw invalid(
                "a key ending in '/' is a prefix, which names the segmented layout (S3SegmentedRemote); "
                    + "for a single object name it, e.g. s3://\(bucket)/\(key)playbook.ndjson")
        case .segmented where !key.hasSuffix("/"):
            throw invalid(
                "the segmented layout takes a prefix ending in '/', e.g. s3://\(bucket)/\(key)/ "
                    + "(a key without it names one object: S3Remote)")
        default:
            break
        }
        guard key.utf8.count <= 1024 else { throw invalid("the object key is longer than 1024 bytes") }
        if let segment = key.split(separator: "/").first(where: { $0 == "." || $0 == ".." }) {
            // Servers resolve or refuse such keys (SeaweedFS answers 403, as if the credentials were wrong).
            throw invalid(
                "the key has a '\(segment)' segment; S3 keys are not paths, name the object without '.' or '..'")
        }
        (self.endpoint, self.host) = try Self.endpoint(parsing: endpoint)
        self.bucket = bucket
        self.key = key
    }

    /// The canonical `scheme://host[:port]` of `endpoint` and the `Host` header for it.
    ///
    /// - Throws: ``PlaybookRemoteError/invalidEndpoint(_:reason:)`` unless it is
    ///   `http(s)://host[:port]` with nothing else (no user, password, path or query).
    private static func endpoint(parsing endpoint: String) throws -> (endpoint: String, host: String) {
        // The host as it goes in a URL (an international name in punycode): a host that needs
        // percent-encoding (`a%2Fb`) names no host, and decoded would make a URL of another one.
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.encodedHost?.lowercased(), !host.isEmpty,
            !host.contains("%")
        else {
            throw PlaybookRemoteError.invalidEndpoint(
                endpoint, reason: "it is not an http:// or https:// URL with a host")
        }
        guard url.user == nil, url.password == nil else {
            // Not quoted: the text before '@' may be a secret.
            throw PlaybookRemoteError.invalidEndpoint(
                "\(scheme)://…@\(host)", reason: "it holds a user or password; credentials never go in the URL")
        }
        guard url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil else {
            throw PlaybookRemoteError.invalidEndpoint(
                endpoint, reason: "it must be just scheme://host[:port] (addressing is path-style)")
        }
        let defaultPort = scheme == "https" ? 443 : 80
        let hostPort = url.port.map { $0 == defaultPort ? host : "\(host):\($0)" } ?? host
        return ("\(scheme)://\(hostPort)", hostPort)
    }

    private static func isValidBucket(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
        return (3...63).contains(name.count) && name.allSatisfy(allowed.contains)
            && name.first != "." && name.first != "-" && name.last != "." && name.last != "-"
    }
}
