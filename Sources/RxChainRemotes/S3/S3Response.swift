import Foundation
import RxChainCore

/// What an S3 server answered: the status, the headers the remote reads, and the body.
struct S3Response: Sendable {
    let status: Int
    /// `ETag`, as sent (quotes included).
    let etag: String?
    /// `Content-Range` (`bytes 10-99/100` or `bytes */100`).
    let contentRange: String?
    let body: Data

    /// The `<Code>` of an S3 XML error body (`NoSuchKey`, `AccessDenied`…).
    var errorCode: String? { element("Code") }
    /// The `<Message>` of an S3 XML error body, cut to 200 characters.
    var errorMessage: String? { element("Message").map { String($0.prefix(200)) } }

    /// `Content-Range`'s first byte and total length (`nil` for `*`).
    var range: (start: Int?, total: Int?)? {
        guard let value = contentRange, value.hasPrefix("bytes ") else { return nil }
        let parts = value.dropFirst("bytes ".count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let start = parts[0].split(separator: "-").first.flatMap { Int($0) }
        return (start, Int(parts[1]))
    }

    /// The text of the first `<name>…</name>` in the body. S3 error bodies are flat XML,
    /// so a search is enough; the rest of the body (which may echo the string to sign)
    /// is never shown.
    private func element(_ name: String) -> String? {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        guard let open = text.range(of: "<\(name)>"),
            let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }
}
