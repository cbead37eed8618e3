/// The head of one HTTP/1.1 request, as much as a ``FaultProxy`` needs to find where the
/// request ends: its method and the length of its body.
///
/// Only `Content-Length` bodies are understood (the S3 remotes send nothing else); a
/// chunked request, or a head without a complete, sane length, is not a request the proxy
/// can frame, and its connection is closed.
struct ProxyRequestHead: Equatable {
    /// The request's method (`GET`, `PUT`, …).
    var method: String
    /// The request target (`/bucket/key?query`).
    var target: String
    /// The number of body bytes after the head.
    var bodyLength: Int
    /// The number of bytes of the head itself, through the empty line.
    var headLength: Int
    /// The header fields, names in lower case (a repeated field keeps its last value).
    var headers: [String: String] = [:]

    /// Why bytes are not a request head the proxy can frame.
    enum Problem: Error, Equatable {
        /// The head is larger than the proxy accepts (64 KiB).
        case tooLarge
        /// The request line or a header could not be read.
        case malformed
        /// The body uses a transfer coding (chunked) instead of `Content-Length`.
        case chunked
    }

    /// The largest head the proxy reads.
    static let maximumLength = 64 * 1024

    /// Parses the head at the start of `bytes`: `nil` while it is incomplete (read more).
    ///
    /// - Throws: a ``Problem`` when the bytes cannot start a request the proxy can frame.
    static func parse(_ bytes: [UInt8]) throws(Problem) -> ProxyRequestHead? {
        guard let end = endOfHead(in: bytes) else {
            if bytes.count > maximumLength { throw .tooLarge }
            return nil
        }
        let text = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { throw .malformed }
        var length = 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            headers[name] = String(value)
            switch name {
            case "content-length":
                guard let parsed = Int(value), parsed >= 0 else { throw .malformed }
                length = parsed
            case "transfer-encoding":
                throw .chunked
            default:
                continue
            }
        }
        return ProxyRequestHead(
            method: String(requestLine[0]), target: String(requestLine[1]), bodyLength: length, headLength: end,
            headers: headers)
    }

    /// `bytes` (this head, then the body) with the head's `Connection` and `Keep-Alive`
    /// headers replaced by `Connection: close`.
    func closingConnection(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes[..<headLength], as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: true).map(String.init)
        lines.removeAll { line in
            let name = line.prefix { $0 != ":" }.lowercased()
            return name == "connection" || name == "keep-alive"
        }
        lines.append("Connection: close")
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + bytes[headLength...]
    }

    /// The index just past the `\r\n\r\n` that ends the head, if the bytes hold it.
    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
