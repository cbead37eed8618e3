import Foundation
import RxChainSystem

/// One plain-HTTP/1.1 request over a blocking socket on a thread of its own: the transport of
/// the server feed's long poll.
///
/// Why not `URLSession`: on Linux, FoundationNetworking's `URLSession` keeps a core busy while a
/// response is outstanding (its libcurl multi handle re-arms dispatch sources in a loop: tens of
/// thousands of `epoll_ctl`/`poll`/`read`/`write` calls a second), so a follower waiting 25 s for
/// the next entry would burn most of a core. A blocked `recv` costs nothing.
///
/// The request says `Connection: close`; the answer is read to the end of the stream and may use
/// `Content-Length` or chunked transfer coding. The wait is bounded by `SO_RCVTIMEO`; cancelling
/// the calling task shuts the socket down, so the blocked thread returns at once. Only `http://`:
/// an `https://` server goes through `URLSession` (see ``ServerClient``).
package enum BlockingHTTPExchange {
    /// What went wrong before an answer came.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Sends `method target` (`target` is the percent-encoded path and query) to `host:port` and
    /// returns the status and body.
    ///
    /// - Throws: ``Failure`` when the connection failed or the answer is not HTTP;
    ///   `CancellationError` when the task was cancelled.
    package static func send(
        _ method: String, host: String, port: UInt16, target: String, headers: [(String, String)], timeout: Duration
    ) async throws -> (status: Int, body: [UInt8]) {
        let slot = Slot()
        let result: Result<(status: Int, body: [UInt8]), Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(
                        returning: exchange(
                            method, host: host, port: port, target: target, headers: headers, timeout: timeout,
                            slot: slot))
                }
            }
        } onCancel: {
            slot.cancel()
        }
        try Task.checkCancellation()
        return try result.get()
    }

    /// The blocking part, on its own thread.
    private static func exchange(
        _ method: String, host: String, port: UInt16, target: String, headers: [(String, String)], timeout: Duration,
        slot: Slot
    ) -> Result<(status: Int, body: [UInt8]), Failure> {
        let connection = systemConnectTCP(host: host, port: port)
        guard connection.descriptor >= 0 else {
            return .failure(Failure(description: "cannot connect to \(host):\(port): \(connection.error ?? "")"))
        }
        let descriptor = connection.descriptor
        slot.open(descriptor)
        defer {
            slot.close()
            _ = systemClose(descriptor)
        }
        _ = systemSetReceiveTimeout(descriptor, seconds: max(1, Int(timeout.components.seconds)))

        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        var bytes = Array(request.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress!, $0.count) }
            if sent < 0 {
                if systemErrno == EINTR { continue }
                return .failure(
                    Failure(description: "cannot send to \(host):\(port): \(systemErrorMessage(systemErrno))"))
            }
            bytes = bytes.dropFirst(sent)
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemReceive(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                answer.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                break
            } else if systemErrno == EINTR {
                continue
            } else {
                let reason = systemErrno == EAGAIN ? "no answer within \(timeout)" : systemErrorMessage(systemErrno)
                return .failure(Failure(description: "reading from \(host):\(port): \(reason)"))
            }
        }
        return parse(answer).mapError { Failure(description: "\(host):\(port) answered \($0)") }
    }

    /// The socket of one exchange, shared with the task's cancellation handler: cancelling shuts
    /// it down (waking the blocked `recv`), also when it comes before the socket is open.
    final class Slot: Sendable {
        private struct State {
            var descriptor: Int32?
            var cancelled = false
        }
        private let state = Lock(State())

        /// The exchange's socket is open (and shut down at once if cancelled already).
        func open(_ descriptor: Int32) {
            state.withLock { state in
                state.descriptor = descriptor
                if state.cancelled { systemShutdown(descriptor) }
            }
        }

        /// The socket is about to be closed: cancellation no longer touches it.
        func close() {
            state.withLock { $0.descriptor = nil }
        }

        /// The task was cancelled.
        func cancel() {
            state.withLock { state in
                state.cancelled = true
                if let descriptor = state.descriptor { systemShutdown(descriptor) }
            }
        }
    }

    /// Splits an HTTP/1.1 answer read to its end into status and body.
    static func parse(_ answer: [UInt8]) -> Result<(status: Int, body: [UInt8]), Failure> {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = answer.firstRange(of: separator) else {
            return .failure(Failure(description: "no complete head (\(answer.count) bytes)"))
        }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]) else {
            return .failure(Failure(description: "a status line that is not HTTP/1.x: \(lines[0])"))
        }
        var contentLength: Int?
        var chunked = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let length = Int(value), length >= 0 else {
                    return .failure(Failure(description: "a Content-Length that is not a length: \(value)"))
                }
                contentLength = length
            }
            if name == "transfer-encoding" && value.lowercased().contains("chunked") { chunked = true }
        }
        var body = Array(answer[end.upperBound...])
        if chunked {
            guard let decoded = dechunk(body) else { return .failure(Failure(description: "a broken chunked body")) }
            body = decoded
        } else if let contentLength {
            guard body.count >= contentLength else {
                return .failure(Failure(description: "\(body.count) of \(contentLength) body bytes"))
            }
            body = Array(body.prefix(contentLength))
        }
        return .success((status, body))
    }

    /// The body of a chunked transfer coding, or `nil` when it is cut short or malformed: each
    /// chunk is its size in hex (extensions after `;` ignored), CRLF, its bytes, CRLF; a size of 0
    /// ends the body.
    static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        let crlf: [UInt8] = [13, 10]
        while true {
            guard let lineEnd = bytes[index...].firstRange(of: crlf) else { return nil }
            let digits = bytes[index..<lineEnd.lowerBound].prefix { $0 != UInt8(ascii: ";") }
            let sizeText = String(decoding: digits, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let size = Int(sizeText, radix: 16), size >= 0 else { return nil }
            index = lineEnd.upperBound
            if size == 0 { return body }
            guard size <= bytes.count - index - 2, bytes[(index + size)...].starts(with: crlf) else { return nil }
            body.append(contentsOf: bytes[index..<index + size])
            index += size + 2
        }
    }
}
