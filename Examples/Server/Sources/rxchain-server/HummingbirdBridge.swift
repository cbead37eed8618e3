import Hummingbird
import Logging
import NIOCore
import RxChainServer

/// Translates between Hummingbird's request and response types and RxChainServer's (the
/// connection's peer address becomes the request's client address), and writes one log line per
/// request: method, path, status, time. Never the query, headers or bodies, so no token or
/// password reaches the log.
enum HummingbirdBridge {
    static func respond(
        to request: Request, from clientAddress: String?, with server: LogServer, bodyLimit: Int, logger: Logger
    ) async -> Response {
        let started = ContinuousClock.now
        var request = request
        let response: ServerResponse
        do {
            let body = try await request.collectBody(upTo: bodyLimit)
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            var headers: [String: String] = [:]
            for field in request.headers where field.name != .authorization {
                headers[field.name.canonicalName] = field.value
            }
            response = await server.respond(
                to: ServerRequest(
                    method: request.method.rawValue, path: request.uri.path, query: query,
                    authorization: request.headers[.authorization], body: Array(buffer: body), headers: headers,
                    clientAddress: clientAddress))
        } catch {
            response = server.bodyTooLarge()
        }
        let elapsed = ContinuousClock.now - started
        logger.info("\(request.method.rawValue) \(request.uri.path) \(response.status) \(elapsed)")
        return Response(response)
    }
}

extension Response {
    init(_ response: ServerResponse) {
        var headers = HTTPFields()
        if !response.body.isEmpty { headers[.contentType] = "application/json" }
        if let retryAfter = response.headers["Retry-After"] { headers[.retryAfter] = retryAfter }
        if let challenge = response.headers["WWW-Authenticate"] { headers[.wwwAuthenticate] = challenge }
        self.init(
            status: HTTPResponse.Status(code: response.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}
