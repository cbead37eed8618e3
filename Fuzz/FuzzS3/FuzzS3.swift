import Foundation
import FuzzSupport

@testable import RxChainRemotes

// What the S3 remotes read from outside: ListObjectsV2 pages (`S3ListPage`), error bodies and
// `Content-Range` (`S3Response`), the error an answer maps to (`S3HTTPClient.failure`), the
// `s3://` location and endpoint a user gives (`S3ObjectAddress`), and `Retry-After`
// (`RetryAfter`, shared with the HTTP transport).
// - A listing written from any keys, escaped as AWS escapes them (`&quot;`, `&#13;`) or as
//   servers written in Go do (MinIO, SeaweedFS: `&#34;`, `&#39;`, `&#xA;`), reads back as those
//   keys, and the continuation token with them.
// - `Content-Range` written from any numbers reads back as them.
// - An answer maps to `unavailable` exactly for 408, 429 and 5xx, else to a rejection naming
//   its status.
// - A location and endpoint that parse give an address whose URLs can be made.
// - A `Retry-After` wait is never negative nor above the longest; whole seconds read exactly.
//
// Input: one byte choosing which of these, then its bytes.

@main enum FuzzS3 {
    static func main() { runFuzzer(fuzzS3) }
}

private let client = S3HTTPClient(
    address: try! S3ObjectAddress(parsing: "s3://bucket/playbook.ndjson", endpoint: "http://127.0.0.1:1"),
    signer: nil, timeout: .seconds(1), now: { Date(timeIntervalSince1970: 0) })

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzS3(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    switch input.choice(5) {
    case 0: checkListing(&input)
    case 1: checkResponse(&input)
    case 2: checkAddress(&input)
    case 3: checkRetryAfter(&input)
    default:
        // Any bytes as a listing: read without a crash.
        _ = S3ListPage(xml: Data(input.rest()))
    }
    return 0
}

/// Keys (and a token) from the input, written as a listing, read back.
private func checkListing(_ input: inout FuzzInput) {
    let truncated = input.flag()
    let style = input.flag() ? EscapeStyle.aws : .go
    let token = input.text(upTo: 0)
    var keys: [String] = []
    while !input.isAtEnd { keys.append(input.text(upTo: 0)) }
    // Characters XML 1.0 cannot hold at all: S3 cannot return such keys in a listing either.
    func fits(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            && !text.unicodeScalars.contains { (0xFFFE...0xFFFF).contains($0.value) }
    }
    guard keys.allSatisfy(fits), fits(token) else { return }
    var xml = #"<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>bucket</Name><Prefix>p/</Prefix>"#
    xml += "<KeyCount>\(keys.count)</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>\(truncated)</IsTruncated>"
    for key in keys {
        xml += "<Contents><Key>\(escaped(key, style))</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified>"
        xml += "<ETag>&quot;abc&quot;</ETag><Size>1</Size><StorageClass>STANDARD</StorageClass></Contents>"
    }
    if truncated { xml += "<NextContinuationToken>\(escaped(token, style))</NextContinuationToken>" }
    xml += "</ListBucketResult>"
    let page = S3ListPage(xml: Data(xml.utf8))
    check(page.keys == keys, "the keys \(keys) read back from a listing as \(page.keys)")
    check(page.nextContinuationToken == (truncated ? token : nil), "the token reads back as \(page)")
}

/// How a server escapes text in XML.
private enum EscapeStyle {
    /// AWS: the predefined entities, `&#13;` for a carriage return.
    case aws
    /// Go's `encoding/xml` (MinIO, SeaweedFS): numeric references for quotes and blanks.
    case go
}

/// `text` escaped as `style` escapes it.
private func escaped(_ text: String, _ style: EscapeStyle) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch (scalar, style) {
        case ("&", _): escaped += "&amp;"
        case ("<", _): escaped += "&lt;"
        case (">", _): escaped += "&gt;"
        case ("\"", .aws): escaped += "&quot;"
        case ("'", .aws): escaped += "&apos;"
        case ("\r", .aws): escaped += "&#13;"
        case ("\"", .go): escaped += "&#34;"
        case ("'", .go): escaped += "&#39;"
        case ("\t", .go): escaped += "&#x9;"
        case ("\n", .go): escaped += "&#xA;"
        case ("\r", .go): escaped += "&#xD;"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}

/// An answer with a status, a `Content-Range` and a body from the input.
private func checkResponse(_ input: inout FuzzInput) {
    let status = 100 + Int(input.byte()) % 5 * 100 + Int(input.byte()) % 32
    let range = input.text(upTo: 0)
    let response = S3Response(status: status, etag: nil, contentRange: range, body: Data(input.rest()))
    _ = (response.errorCode, response.errorMessage, response.range)
    switch client.failure(response, operation: "fuzz") {
    case .unavailable:
        check([408, 429].contains(status) || (500...599).contains(status), "\(status) maps to unavailable")
    case .rejected(_, let rejected, _):
        check(rejected == status && ![408, 429].contains(status) && status < 500, "\(status) rejected as \(rejected)")
    case let other:
        propertyFailed("\(status) maps to \(other)")
    }
    let start = Int(input.byte()) * 1_000_003
    let total = start + Int(input.byte())
    let written = S3Response(status: 206, etag: nil, contentRange: "bytes \(start)-\(total)/\(total + 1)", body: Data())
    check(written.range.map { $0.start == start && $0.total == total + 1 } == true, "Content-Range \(start)")
    let unknown = S3Response(status: 416, etag: nil, contentRange: "bytes */\(total)", body: Data())
    check(unknown.range.map { $0.start == nil && $0.total == total } == true, "Content-Range */\(total)")
}

/// A location and an endpoint from the input.
private func checkAddress(_ input: inout FuzzInput) {
    let layout: S3ObjectAddress.Layout = input.flag() ? .singleObject : .segmented
    let location = input.text(upTo: 0)
    let endpoint = input.text(upTo: 0)
    guard let address = try? S3ObjectAddress(parsing: location, endpoint: endpoint, layout: layout) else { return }
    check(!address.bucket.isEmpty && !address.key.isEmpty, "\(location) parses to \(address)")
    _ = address.url
    _ = address.url(key: "", encodedQuery: SigV4Signer.encodeQuery([("list-type", "2"), ("prefix", address.key)]))
    _ = address.location
}

/// A `Retry-After` value from the input.
private func checkRetryAfter(_ input: inout FuzzInput) {
    let text = input.text(upTo: 0)
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    if let delay = RetryAfter.delay(from: text, now: now) {
        check(delay >= .zero && delay <= RetryAfter.longest, "Retry-After \(text) waits \(delay)")
    }
    let seconds = Int(input.byte()) << 12 | Int(input.byte())
    check(RetryAfter.delay(from: " \(seconds) ", now: now) == min(.seconds(seconds), RetryAfter.longest), "\(seconds)")
}
