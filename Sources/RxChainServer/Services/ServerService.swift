/// A domain's HTTP routes mounted in the server beside the log routes: the server authenticates
/// each request under ``pathPrefix`` and hands it over with the signed-in ``Principal``.
///
/// `RxChainServer` imports no domain: a domain module (the time tracker's `TimeEntryService`)
/// supplies its service, and the embedding server passes it to
/// `LogServer/open(options:policy:configuration:services:)`. A service that keeps state makes
/// it durable in a ``ServiceLog`` of its own, a reserved `server/services/NAME` log of the
/// server's ``LogBook`` that no client can read or write, and rebuilds its state by folding that
/// log when it is created.
///
/// ```swift
/// let server = try await LogServer.open(options: options, policy: policy) { book in
///     [try await TimeEntryService(log: ServiceLog(book: book, service: "time-entries"))]
/// }
/// ```
///
/// > Important: The server's own routes (`/health`, `/logs/…`, `/feed`, …) are matched first;
/// > a request reaches a service only when no built-in route matches and its path starts with
/// > the service's prefix (the first service in the list whose prefix matches wins). A request
/// > reaches it signed in by a device's access token (`Bearer`) or, as Toggl's clients send it,
/// > HTTP Basic with the user's API token (`TOKEN:api_token`) or password; without valid
/// > credentials it is answered `401` (`403` for wrong Basic credentials, as Toggl answers) and
/// > never reaches the service.
public protocol ServerService: Sendable {
    /// The path prefix the service answers under, with its leading and trailing slash
    /// (`/api/v9/`).
    var pathPrefix: String { get }

    /// Answers one authenticated request; never throws: every failure is an error response
    /// (a ``ServerError``'s ``ServerError/response``). Called concurrently, each request from its
    /// own task.
    ///
    /// - Parameters:
    ///   - request: The request as received (its body within the server's size limit).
    ///   - principal: The user and device its access token names.
    func respond(to request: ServerRequest, principal: Principal) async -> ServerResponse

    /// The routes the service answers, with full paths (`/api/v9/me`), for the server's request
    /// log, its metrics and the OpenAPI document's test.
    var routes: [ServerRoute] { get }

    /// The process is stopping: requests waiting in a long poll answer at once with what they
    /// have, and later ones do not wait. Called once, before the last in-flight requests finish.
    func beginShutdown() async
}

extension ServerService {
    /// None declared: the service's requests are logged and counted as `unmatched`.
    public var routes: [ServerRoute] { [] }

    /// Nothing waits.
    public func beginShutdown() async {}
}
