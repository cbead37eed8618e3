import Foundation
import RxChainLogs
import RxChainSystem

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends signed (or anonymous) requests to the objects of one bucket and maps transport
/// failures to ``PlaybookRemoteError/unavailable(location:reason:)``.
///
/// Requests go to the playbook's own key (`address.key`) unless a call names another
/// key of the same bucket; every error names `address.location`, the playbook.
///
/// Owns an ephemeral `URLSession` with no cache, no cookies and no stored credentials,
/// invalidated when the client goes away. Requests go through `URLSession`'s async API,
/// so no thread of the concurrency pool waits on the network.
final class S3HTTPClient: Sendable {
    let address: S3ObjectAddress
    /// `nil`: anonymous requests, no `Authorization` header.
    let signer: SigV4Signer?
    let timeout: Duration
    private let now: @Sendable () -> Date
    private let session: URLSession

    init(address: S3ObjectAddress, signer: SigV4Signer?, timeout: Duration, now: @escaping @Sendable () -> Date) {
        self.address = address
        self.signer = signer
        self.timeout = timeout
        self.now = now
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        configuration.timeoutIntervalForRequest = timeout.seconds
        configuration.timeoutIntervalForResource = timeout.seconds * 4
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `method` to the playbook's object with `headers` and `body`; any HTTP status is an answer.
    ///
    /// - Throws: ``PlaybookRemoteError/unavailable(location:reason:)`` when no answer came
    ///   (connection refused, timeout, connection lost), `CancellationError` when the task was cancelled.
    func send(_ method: String, headers: [String: String] = [:], body: Data? = nil) async throws -> S3Response {
        try await send(method, key: address.key, headers: headers, body: body)
    }

    /// Sends `method` to `key` of the bucket (an empty key: the bucket itself, for
    /// listings) with the query parameters `query` (not encoded), `headers` and `body`;
    /// any HTTP status is an answer.
    ///
    /// - Throws: as ``send(_:headers:body:)``.
    func send(
        _ method: String, key: String, query: [(String, String)] = [], headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> S3Response {
        var request = URLRequest(url: address.url(key: key, encodedQuery: SigV4Signer.encodeQuery(query)))
        request.httpMethod = method
        request.timeoutInterval = timeout.seconds
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let signer {
            let payloadHash = body.map { Hex.encode(SHA256.hash($0)) } ?? SigV4Signer.emptyPayloadHash
            let signed = signer.sign(
                method: method, host: address.host, encodedPath: address.encodedPath(key: key), query: query,
                headers: headers, payloadHash: payloadHash, date: now())
            for (name, value) in signed.headers { request.setValue(value, forHTTPHeaderField: name) }
        }
        if let body {
            request.httpBody = body
            request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw try unavailable(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw PlaybookRemoteError.unavailable(location: address.location, reason: "the answer was not HTTP")
        }
        // value(forHTTPHeaderField:) matches names case-insensitively; allHeaderFields is re-cased on Linux.
        return S3Response(
            status: http.statusCode, etag: http.value(forHTTPHeaderField: "ETag"),
            contentRange: http.value(forHTTPHeaderField: "Content-Range"), body: data)
    }

    /// The error for a request that got no answer, naming what happened.
    private func unavailable(_ error: any Error) throws -> PlaybookRemoteError {
        if error is CancellationError { throw error }
        guard let urlError = error as? URLError else {
            return .unavailable(location: address.location, reason: "\(error)")
        }
        let reason: String
        switch urlError.code {
        case .cancelled:
            throw CancellationError()
        case .cannotConnectToHost:
            reason = "connection refused: nothing answers at \(address.endpoint) (is the server running?)"
        case .timedOut:
            reason = "no answer from \(address.endpoint) within \(timeout)"
        case .cannotFindHost, .dnsLookupFailed:
            reason = "cannot resolve the host of \(address.endpoint)"
        case .networkConnectionLost, .notConnectedToInternet:
            reason = "the connection to \(address.endpoint) was lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            reason = "TLS with \(address.endpoint) failed (\(urlError.code.rawValue))"
        default:
            reason = "\(address.endpoint): URL error \(urlError.code.rawValue)"
        }
        return .unavailable(location: address.location, reason: reason)
    }
}

extension Duration {
    /// The duration in seconds, for Foundation's `TimeInterval` APIs.
    fileprivate var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
