import RxChainJSON

/// The sync server's request handling, with no HTTP framework: one ``ServerRequest`` in, one
/// ``ServerResponse`` out.
///
/// An embedding server (Hummingbird in `Examples/Server`) collects each request's body up to
/// ``Configuration/maximumBodyBytes``, calls ``respond(to:)`` and writes the answer back; every
/// rule (authentication, access, idempotent appends, server order, the change feed) is here, so it
/// is tested without a network.
///
/// Routes (bodies are JSON objects; every route but `/health`, `/ready`, signup, login and refresh
/// needs `Authorization: Bearer ACCESS_TOKEN`):
///
/// | route | does |
/// |---|---|
/// | `GET /health` | 200 while the process serves |
/// | `GET /ready` | 200 when storage takes writes, else 503 |
/// | `POST /accounts` `{user, password}` | signs up (403 `signup_closed` when closed) |
/// | `POST /sessions` `{user, password, device}` | signs in a device: access and refresh tokens |
/// | `POST /sessions/refresh` `{refreshToken}` | new tokens for that device only |
/// | `DELETE /sessions/current` | signs this device out |
/// | `GET /devices`, `DELETE /devices/DEVICE` | lists, revokes the user's devices |
/// | `GET`/`POST /accounts/current/api-token` | shows, replaces the user's API token |
/// | `GET /logs/NAME?after=SEQ&limit=N` | reads a log after a cursor |
/// | `POST /logs/NAME` `{entries: [{id, body}], expect?}` | appends, idempotent by id |
/// | `GET /feed?after=TS&wait=SECONDS&limit=N` | long-polls every log the user may read |
/// | `GET /families/A/B` | a family's owner and members |
/// | `POST /families/A/B/claim` | claims a fresh family |
/// | `PUT`/`DELETE /families/A/B/members/USER` | the owner grants or revokes a member |
/// | a ``ServerService``'s prefix (`/api/v9/…`) | the service's own routes, signed in (also with HTTP Basic) |
///
/// Every refusal is a ``ServerError`` body; a refused request writes nothing.
///
/// `LogServer` is `Sendable`: requests are handled concurrently, each from its own task.
public final class LogServer: Sendable {
    /// The server's limits and switches.
    public struct Configuration: Sendable {
        /// The largest request body accepted; a longer one is a 413.
        public var maximumBodyBytes: Int = 1 << 20
        /// The most entries one read or feed page returns.
        public var maximumPageSize: Int = 1_000
        /// The longest a feed request waits for a new entry before answering an empty page.
        public var maximumFeedWait: Duration = .seconds(30)

        /// The defaults: 1 MiB bodies, pages of 1,000, feed waits up to 30 s.
        public init() {}
    }

    let book: LogBook
    let accounts: Accounts
    let access: AccessControl
    /// The domain services mounted beside the log routes, tried in order.
    let services: [any ServerService]
    /// The limits and switches the server runs with.
    public let configuration: Configuration
    /// Every route the server answers: the built-in ones (``builtInRoutes``), then each
    /// service's.
    public let routes: [ServerRoute]
    /// What the server counted while it ran (`serve(_:)` counts each request).
    public let metrics = ServerMetrics()
    /// Triggered by ``beginShutdown()``: long polls stop waiting.
    let shutdown = ShutdownNotice()

    /// Creates the request handling over a server's state
    /// (`open(options:policy:configuration:services:)` opens it from a data directory), with
    /// `services` mounted beside the log routes (see ``ServerService``).
    public init(
        book: LogBook, accounts: Accounts, access: AccessControl, configuration: Configuration = .init(),
        services: [any ServerService] = []
    ) {
        self.book = book
        self.accounts = accounts
        self.access = access
        self.configuration = configuration
        self.services = services
        routes = Self.builtInRoutes + services.flatMap(\.routes)
    }

    /// The 413 answer, for an embedding server that stopped reading a body past
    /// ``Configuration/maximumBodyBytes``.
    public func bodyTooLarge() -> ServerResponse {
        ServerError.bodyTooLarge(limit: configuration.maximumBodyBytes).response
    }

    /// Handles one request; never throws: every failure is an error response.
    public func respond(to request: ServerRequest) async -> ServerResponse {
        do {
            if request.body.count > configuration.maximumBodyBytes {
                throw ServerError.bodyTooLarge(limit: configuration.maximumBodyBytes)
            }
            if !["/health", "/ready", "/metrics", "/openapi.json"].contains(request.path) {
                // A storage shared by several instances: see what the others appended to the
                // reserved logs (sessions, families, services) before deciding anything.
                do {
                    try await book.synchronize()
                } catch {
                    throw ServerError.unavailable("the log store cannot be reached: \(error)")
                }
            }
            return try await route(request)
        } catch let error as ServerError {
            return error.response
        } catch let error as JSONFieldError {
            return ServerError(error).response
        } catch is CancellationError {
            return ServerError.unavailable("the server is shutting down").response
        } catch {
            return ServerError(status: 500, code: "internal", message: "\(error)").response
        }
    }
}
