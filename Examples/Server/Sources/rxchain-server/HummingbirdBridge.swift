import Hummingbird
import Logging
import NIOCore
import RxChainServer

/// Translates between Hummingbird's request and response types and RxChainServer's (the
/// connection's peer address becomes the request's client address), and logs the core's
/// ``RequestRecord`` of each request: one line, at the level its status gives (2xx/3xx info, 4xx
/// notice, 5xx error), with the request id, method, route, status, user, client and duration.
/// Never the query, headers or bodies, so no token or password reaches the log.
enum HummingbirdBridge {
    static func respond(
        to request: Request, from clientAddress: String?, with server: LogServer, bodyLimit: Int, logger: Logger
    ) async -> Response {
        var request = request
        let response: ServerResponse
        let record: RequestRecord
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        var headers: [String: String] = [:]
        for field in request.headers where field.name != .authorization {
            headers[field.name.canonicalName] = field.value
        }
        var body: [UInt8] = []
        var tooLarge = false
        do {
            body = Array(buffer: try await request.collectBody(upTo: bodyLimit))
        } catch {
            tooLarge = true
        }
        (response, record) = await server.serve(
            ServerRequest(
                method: request.method.rawValue, path: request.uri.path, query: query,
                authorization: request.headers[.authorization], body: body, headers: headers,
                clientAddress: clientAddress), bodyTooLarge: tooLarge)
        let level: Logger.Level =
            switch record.level {
            case .info: .info
            case .notice: .notice
            case .error: .error
            }
        logger.log(
            level: level, "request",
            metadata: [
                "fields": .array(record.fields.map { .stringConvertible(RequestField(name: $0.name, value: $0.value)) })
            ])
        return Response(response)
    }
}

extension Response {
    init(_ response: ServerResponse) {
        var headers = HTTPFields()
        if let type = response.headers["Content-Type"] {
            headers[.contentType] = type
        } else if !response.body.isEmpty {
            headers[.contentType] = "application/json"
        }
        if let retryAfter = response.headers["Retry-After"] { headers[.retryAfter] = retryAfter }
        if let challenge = response.headers["WWW-Authenticate"] { headers[.wwwAuthenticate] = challenge }
        if let id = response.headers["X-Request-Id"] { headers[.requestId] = id }
        self.init(
            status: HTTPResponse.Status(code: response.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}

extension HTTPFields.Element.Name {
    /// `X-Request-Id`: the id the server's log line of the request carries.
    static let requestId = Self("X-Request-Id")!  // a valid field name
}
