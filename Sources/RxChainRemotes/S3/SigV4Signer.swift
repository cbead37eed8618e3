import Foundation
import RxChainSystem

/// AWS Signature Version 4 for S3, in the `Authorization` header.
///
/// ```swift
/// let signer = SigV4Signer(credentials: credentials, region: "us-east-1")
/// let signed = signer.sign(
///     method: "GET", host: "127.0.0.1:8333", encodedPath: "/playbooks/team.ndjson", query: [],
///     headers: ["range": "bytes=0-"], payloadHash: SigV4Signer.emptyPayloadHash, date: Date())
/// for (name, value) in signed.headers { request.setValue(value, forHTTPHeaderField: name) }
/// ```
///
/// Signs `host`, `x-amz-content-sha256`, `x-amz-date`, `x-amz-security-token` (with a
/// session token) and every header passed in. S3 takes the path as sent, encoded once
/// (``encodePath(_:)``), unlike other services that encode it twice. A pure value: the
/// date comes in, nothing is read from the clock or the environment.
struct SigV4Signer: Sendable {
    /// The SHA-256 of an empty payload, in hex.
    static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    let credentials: S3Credentials
    let region: String
    var service = "s3"

    /// A signed request: the headers to add, and the intermediate texts for tests and diagnostics.
    ///
    /// The intermediate texts hold no secret (the canonical request lists the access key
    /// id nowhere; the session token, if any, is in it and in `headers`).
    struct Signed {
        /// Every signed header but `host` (the client sends that itself), as signed, then
        /// `authorization`; names lowercase.
        var headers: [(name: String, value: String)]
        var canonicalRequest: String
        var stringToSign: String
        /// The signature in hex.
        var signature: String
    }

    /// Signs a request.
    ///
    /// - Parameters:
    ///   - host: the `Host` header as the client will send it: the host, plus `:port`
    ///     when the port is not the scheme's default.
    ///   - encodedPath: the path exactly as it goes on the wire (see ``encodePath(_:)``).
    ///   - query: the query parameters, not encoded (this encodes and sorts them).
    ///   - headers: further headers to sign (names in any case; values are trimmed).
    ///   - payloadHash: the body's SHA-256 in hex, or `UNSIGNED-PAYLOAD`.
    func sign(
        method: String, host: String, encodedPath: String, query: [(String, String)], headers: [String: String],
        payloadHash: String, date: Date
    ) -> Signed {
        let (day, timestamp) = Self.timestamps(date)
        var signedHeaders: [String: String] = [:]
        for (name, value) in headers { signedHeaders[name.lowercased()] = Self.trimmed(value) }
        signedHeaders["host"] = host
        signedHeaders["x-amz-content-sha256"] = payloadHash
        signedHeaders["x-amz-date"] = timestamp
        if let token = credentials.sessionToken { signedHeaders["x-amz-security-token"] = token }

        let names = signedHeaders.keys.sorted()
        let canonicalQuery = Self.encodeQuery(query)
        let headerLines: String = names.map { name in name + ":" + signedHeaders[name]! + "\n" }.joined()
        let signedNames: String = names.joined(separator: ";")
        let path: String = encodedPath.isEmpty ? "/" : encodedPath
        let canonicalRequest = [method, path, canonicalQuery, headerLines, signedNames, payloadHash]
            .joined(separator: "\n")

        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", timestamp, scope, Hex.encode(SHA256.hash(Array(canonicalRequest.utf8))),
        ].joined(separator: "\n")
        let signature = Hex.encode(HMACSHA256.authenticationCode(for: stringToSign, key: signingKey(day: day)))

        var headers = names.filter { $0 != "host" }.map { ($0, signedHeaders[$0]!) }
        headers.append(
            (
                "authorization",
                "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyId)/\(scope), "
                    + "SignedHeaders=\(signedNames), Signature=\(signature)"
            ))
        return Signed(
            headers: headers.map { (name: $0.0, value: $0.1) }, canonicalRequest: canonicalRequest,
            stringToSign: stringToSign, signature: signature)
    }

    /// The key for one day: HMAC chained over the date, region, service and `aws4_request`.
    func signingKey(day: String) -> [UInt8] {
        var key = HMACSHA256.authenticationCode(for: day, key: Array("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [region, service, "aws4_request"] { key = HMACSHA256.authenticationCode(for: part, key: key) }
        return key
    }

    /// An object key as a path on the wire: every byte but `A–Z a–z 0–9 - . _ ~ /`
    /// percent-encoded (uppercase hex), once.
    static func encodePath(_ path: String) -> String {
        encode(path, keepingSlash: true)
    }

    /// Query parameters as S3 signs them and as the client must send them: names and
    /// values percent-encoded like a path without keeping `/`, sorted by name then value,
    /// joined as `name=value&…` (empty for no parameters).
    static func encodeQuery(_ query: [(String, String)]) -> String {
        let encoded: [(String, String)] = query.map {
            (encode($0.0, keepingSlash: false), encode($0.1, keepingSlash: false))
        }
        return encoded.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .map { $0.0 + "=" + $0.1 }.joined(separator: "&")
    }

    /// `yyyyMMdd` and `yyyyMMdd'T'HHmmss'Z'` in UTC, without a formatter.
    static func timestamps(_ date: Date) -> (day: String, timestamp: String) {
        let parts = systemUTCCalendar(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)))
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = "\(parts.year)\(two(parts.month))\(two(parts.day))"
        return (day, "\(day)T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z")
    }

    private static func encode(_ text: String, keepingSlash: Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlash:
                result.append("/")
            default:
                result += "%" + Hex.encode([byte]).uppercased()
            }
        }
        return result
    }

    /// A header value with surrounding spaces removed and inner runs of spaces collapsed.
    private static func trimmed(_ value: String) -> String {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
