import Foundation
import RxChainServerOpenAPI

extension LogServer {
    /// The built-in routes, as the OpenAPI document lists them (``ServerRoute``); the mounted
    /// services' routes follow them in ``routes``.
    public static let builtInRoutes: [ServerRoute] = [
        ServerRoute("GET", "/health"), ServerRoute("GET", "/ready"), ServerRoute("GET", "/metrics"),
        ServerRoute("GET", "/openapi.json"), ServerRoute("POST", "/accounts"),
        ServerRoute("GET", "/accounts/current/api-token"), ServerRoute("POST", "/accounts/current/api-token"),
        ServerRoute("POST", "/sessions"), ServerRoute("POST", "/sessions/refresh"),
        ServerRoute("DELETE", "/sessions/current"), ServerRoute("GET", "/devices"),
        ServerRoute("DELETE", "/devices/{device}"), ServerRoute("GET", "/logs/{log+}"), appendRoute, feedRoute,
        ServerRoute("GET", "/families/{kind}/{id}"), ServerRoute("POST", "/families/{kind}/{id}/claim"),
        ServerRoute("PUT", "/families/{kind}/{id}/members/{user}"),
        ServerRoute("DELETE", "/families/{kind}/{id}/members/{user}"),
    ]

    /// `POST /logs/{log+}`: what the append latency histogram times.
    public static let appendRoute = ServerRoute("POST", "/logs/{log+}")
    /// `GET /feed`: what the feed latency histogram times.
    public static let feedRoute = ServerRoute("GET", "/feed")

    /// Answers one request as ``respond(to:)`` does (or `413` when the embedding server stopped
    /// reading its body past ``Configuration/maximumBodyBytes``: `bodyTooLarge`), and says what
    /// the server's log records of it (``RequestRecord``); counts it in ``metrics``. The response
    /// carries `X-Request-Id`.
    public func serve(_ request: ServerRequest, bodyTooLarge: Bool = false) async -> (
        response: ServerResponse, record: RequestRecord
    ) {
        let started = ContinuousClock.now
        let trace = RequestTrace()
        let waits = (request.query["wait"].flatMap(UInt64.init) ?? 0) > 0
        if waits { metrics.longPollChanged(by: 1) }
        var response =
            bodyTooLarge
            ? self.bodyTooLarge() : await RequestTrace.$current.withValue(trace) { await respond(to: request) }
        if waits { metrics.longPollChanged(by: -1) }
        let duration = ContinuousClock.now - started
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let method = request.method.uppercased()
        let route = routes.template(method: method, path: path) ?? "unmatched"
        let record = RequestRecord(
            requestId: Self.requestId(request.header("X-Request-Id")), method: method, route: route,
            status: response.status, user: trace.user, clientAddress: request.clientAddress, duration: duration)
        response.headers["X-Request-Id"] = record.requestId
        metrics.requestAnswered(method: method, route: route, status: response.status, duration: duration)
        return (response, record)
    }

    /// Tells every waiting request that the process is stopping: open long polls (`/feed`, a
    /// service's) answer at once with what they have (an empty page and the cursor, so clients
    /// resume), later ones do not wait. Appends go on being answered until ``close()``.
    public func beginShutdown() async {
        shutdown.trigger()
        for service in services { await service.beginShutdown() }
    }

    /// `GET /metrics`: ``metrics`` in the Prometheus text format.
    func metricsText() -> ServerResponse {
        var response = ServerResponse(status: 200, body: Array(metrics.prometheusText(book: book).utf8))
        response.headers["Content-Type"] = "text/plain; version=0.0.4; charset=utf-8"
        return response
    }

    /// `GET /openapi.json`: the API's OpenAPI 3.1 document (`OpenAPIDocument`, in `RxChainServerOpenAPI`).
    func openAPIDocument() -> ServerResponse {
        ServerResponse(status: 200, body: OpenAPIDocument.bytes)
    }

    /// The client's id when it is usable (1 to 64 of `A-Z a-z 0-9 - _ .`), else 16 random hex digits.
    static func requestId(_ given: String?) -> String {
        if let given, (1...64).contains(given.utf8.count), given.utf8.allSatisfy(isIdByte) { return given }
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - random.count) + random
    }

    private static func isIdByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
