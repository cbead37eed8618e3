import Foundation

/// Where one S3 object lives: the endpoint, the bucket and the key, path-style
/// (`<endpoint>/<bucket>/<key>`), parsed from an `s3://bucket/key` location.
struct S3ObjectAddress: Sendable, Hashable {
    /// `scheme://host[:port]`, lowercase, without the scheme's default port or a trailing slash.
    let endpoint: String
    /// The `Host` header the client sends (and the signer signs): the host, plus `:port` when not default.
    let host: String
    let bucket: String
    let key: String

    /// The object's path as it goes on the wire, encoded once.
    var encodedPath: String { SigV4Signer.encodePath("/\(bucket)/\(key)") }
    /// The object's URL.
    var url: URL { URL(string: endpoint + encodedPath)! }
    /// The canonical location: the path-style object URL, unencoded.
    var location: String { "\(endpoint)/\(bucket)/\(key)" }

    /// The default endpoint for `region` on AWS.
    static func awsEndpoint(region: String) -> String { "https://s3.\(region).amazonaws.com" }

    /// Parses `s3://bucket/key` against `endpoint` (`http(s)://host[:port]`).
    ///
    /// - Throws: ``PlaybookRemoteError/invalidLocation(_:reason:)`` naming what is wrong.
    init(parsing location: String, endpoint: String) throws {
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
        guard !key.isEmpty, !key.hasPrefix("/") else { throw invalid("the object key after the bucket is empty") }
        guard !key.hasSuffix("/") else {
            throw invalid(
                "a key ending in '/' names the segmented layout, which this build does not support yet; "
                    + "name the object, e.g. s3://\(bucket)/\(key)playbook.ndjson")
        }
        guard key.utf8.count <= 1024 else { throw invalid("the object key is longer than 1024 bytes") }

        guard let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host?.lowercased(), !host.isEmpty
        else {
            throw invalid("the endpoint '\(endpoint)' is not an http:// or https:// URL with a host")
        }
        guard url.user == nil, url.password == nil else {
            // Not quoted: the text before '@' may be a secret.
            throw invalid("the endpoint holds a user or password; credentials never go in the URL")
        }
        guard url.path.isEmpty || url.path == "/", url.query == nil else {
            throw invalid(
                "the endpoint '\(endpoint)' must be just scheme://host[:port] (addressing is path-style)")
        }
        let defaultPort = scheme == "https" ? 443 : 80
        let hostPort = url.port.map { $0 == defaultPort ? host : "\(host):\($0)" } ?? host
        self.endpoint = "\(scheme)://\(hostPort)"
        self.host = hostPort
        self.bucket = bucket
        self.key = key
    }

    private static func isValidBucket(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
        return (3...63).contains(name.count) && name.allSatisfy(allowed.contains)
            && name.first != "." && name.first != "-" && name.last != "." && name.last != "-"
    }
}
