import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``ServerConnection`` over HTTP to one origin: the connection every ``ServerClient`` uses
/// unless it is given another.
///
/// Requests go through `URLSession`'s async API, so no thread of the concurrency pool waits on the
/// network. Every connection shares one ephemeral session (no cache, cookies or stored
/// credentials: each request carries its own `Authorization`), created once and never
/// invalidated: on Linux, FoundationNetworking keeps threads and a libcurl handle per session,
/// and a run of many short-lived sessions crashed once inside `URLSession.data(for:)` (a bad
/// pointer in its dispatch semaphore) in CI.
///
/// A request that may wait long for its answer (``ServerConnectionRequest/waitsLong``) to an
/// `http://` origin runs over a blocking socket on a thread of its own
/// (``BlockingHTTPExchange``): FoundationNetworking's `URLSession` would keep a core busy for as
/// long as the answer is outstanding.
struct HTTPServerConnection: ServerConnection {
    /// The origin, `http://host:port`, for errors.
    let server: String
    let baseURL: URL

    /// The one session every connection sends through.
    private static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        return URLSession(configuration: configuration)
    }()

    func exchange(_ request: ServerConnectionRequest) async throws -> ServerAnswer {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw ServerClientError.invalidServer(server, reason: "not a URL")
        }
        components.percentEncodedPath = request.path
        if !request.query.isEmpty {
            components.queryItems = request.query.map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        guard let url = components.url else {
            throw ServerClientError.invalidServer(server + request.path, reason: "not a URL")
        }
        if request.waitsLong, request.body == nil, components.scheme == "http", let host = components.host {
            let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            do {
                let (status, body) = try await BlockingHTTPExchange.send(
                    request.method, host: host, port: UInt16(components.port ?? 80), target: target,
                    headers: request.headers, timeout: request.timeout)
                return ServerAnswer(status: status, body: body, server: server)
            } catch let failure as BlockingHTTPExchange.Failure {
                throw ServerClientError.unreachable(server: server, reason: failure.description)
            }
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = max(1, Double(request.timeout.components.seconds))
        urlRequest.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body {
            urlRequest.httpBody = Data(body)
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.sharedSession.data(for: urlRequest)
        } catch {
            try Task.checkCancellation()
            throw ServerClientError.unreachable(server: server, reason: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw ServerClientError.malformedAnswer(server: server, reason: "not an HTTP response")
        }
        return ServerAnswer(
            status: http.statusCode, body: Array(data), server: server,
            retryAfter: http.value(forHTTPHeaderField: "Retry-After").flatMap { RetryAfter.delay(from: $0) })
    }
}
