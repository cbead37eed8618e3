import RxChainJSON
import RxChainServer

/// The time tracker's server side, a `ServerService` mounted at `/api/v9/`:
/// the Toggl Track v9 subset of `shared/specs/timetracking.md` ("Server API"), per signed-in
/// user.
///
/// | route | does |
/// |---|---|
/// | `POST /api/v9/workspaces/{wid}/time_entries` | creates an entry (`stop: null` or `duration: -1`: it runs) |
/// | `PUT /api/v9/workspaces/{wid}/time_entries/{id}` | changes the fields given |
/// | `PATCH /api/v9/workspaces/{wid}/time_entries/{id}/stop` | stops it now (or at the body's `stop`) |
/// | `DELETE /api/v9/workspaces/{wid}/time_entries/{id}` | deletes it (it stays in the since-feed) |
/// | `GET /api/v9/me/time_entries?since=SECONDS` | entries changed since then, deleted ones included; without `since`, every live entry; `start_date`, `end_date`, `before` filter by start; `&wait=SECONDS&seen=CRC` waits while the answer would be the one seen |
/// | `GET /api/v9/me/time_entries/current` | the running entry, or `null` |
/// | `GET /api/v9/me/time_entries/{id}` | one live entry |
/// | `DELETE /api/v9/me/time_entries/{id}` | deletes without naming the workspace (an extension, for devices) |
/// | `GET /api/v9/me` | the user: `id`, `email`, `fullname`, `api_token`, `default_workspace_id`, `timezone` |
/// | `GET /api/v9/me/logged` | 200 when the credentials are good |
///
/// Records, in Toggl's shape: `id` (server-made integer), `workspace_id`/`wid`,
/// `project_id`/`pid`, `task_id`/`tid`, `user_id`/`uid`, `description`, `billable`, `start`,
/// `stop`, `duration` (`-1` while running), `duronly`, `tags`, `tag_ids`, `at` (the server time
/// of the last change), `server_deleted_at`.
///
/// Clients sign in with a device's access token or, as Toggl's do, HTTP Basic
/// (`API_TOKEN:api_token` or `NAME:PASSWORD`).
///
/// Promises:
/// - **Per user and workspace**: another user's entry, or one of another workspace than the path
///   names, is answered `404`, like one that never existed.
/// - **Retries without a key**: a create repeated with the same body by the same user within
///   10 minutes answers the first entry (Toggl's clients retry without an `Idempotency-Key`).
/// - **One running entry per user**: a new running entry stops the previous one at its start;
///   that change shows in the since-feed.
/// - **Idempotency**: a change request repeated with the same `Idempotency-Key` by the same user
///   is answered what the first was (status and body) and changes nothing; the key with another
///   method, path or body is `422 idempotency_key_reused`.
/// - **Durability**: a change is answered only once it is in the service's log (`fsync`ed by the
///   book's group commit); a service made over the same book after a restart folds the log and
///   answers the same.
/// - **Deletion window**: a `since` older than the window is `410 gone`: the client resyncs
///   fully.
/// - **Refusals** (`400 malformed_json` / `invalid_field` with `field`, `404 not_found`,
///   `405 method_not_allowed`, `409 already_stopped`, `503 unavailable`) change nothing.
public final class TimeEntryService: ServerService {
    /// `/api/v9/`.
    public let pathPrefix = "/api/v9/"
    /// How long deleted entries stay in the since-feed.
    public let deletionWindow: Duration
    let storage: TimeEntryServiceStorage
    let clock: @Sendable () -> UInt64
    /// Triggered when the server stops: waiting since-feeds answer at once.
    let shutdown = ShutdownNotice()

    /// The longest a since-feed request waits for a change (`wait`) by default.
    public static let defaultMaximumFeedWait: Duration = .seconds(30)
    /// The longest a since-feed request of this service waits for a change (`wait`).
    public let maximumFeedWait: Duration

    /// The service's log name under `server/services/`.
    public static let serviceName = "time-entries"

    /// Creates the service over its log, folding every entry the log already holds.
    ///
    /// - Parameters:
    ///   - log: The service's own log (`ServiceLog` named ``serviceName``).
    ///   - deletionWindow: How long deletions stay in the since-feed (30 days by default).
    ///   - clock: Seconds since 1970, read once per request (tests move it).
    ///   - maximumFeedWait: The longest a since-feed request waits (30 s by default).
    public init(
        log: ServiceLog, deletionWindow: Duration = ServerOptions.defaultDeletionWindow,
        clock: @escaping @Sendable () -> UInt64 = Accounts.wallClockSeconds,
        maximumFeedWait: Duration = TimeEntryService.defaultMaximumFeedWait
    ) async {
        self.deletionWindow = deletionWindow
        self.maximumFeedWait = maximumFeedWait
        self.clock = clock
        storage = TimeEntryServiceStorage(log: log)
        _ = await storage.currentState()
    }

    /// Creates the service over `book`'s log `server/services/time-entries`.
    public convenience init(
        book: LogBook, deletionWindow: Duration = ServerOptions.defaultDeletionWindow,
        clock: @escaping @Sendable () -> UInt64 = Accounts.wallClockSeconds,
        maximumFeedWait: Duration = TimeEntryService.defaultMaximumFeedWait
    ) async {
        // A fixed, valid segment.
        let log = try! ServiceLog(book: book, service: Self.serviceName)
        await self.init(log: log, deletionWindow: deletionWindow, clock: clock, maximumFeedWait: maximumFeedWait)
    }

    public var routes: [ServerRoute] {
        let entries = "/api/v9/workspaces/{workspace_id}/time_entries"
        return [
            ServerRoute("GET", "/api/v9/me"), ServerRoute("GET", "/api/v9/me/logged"),
            ServerRoute("GET", "/api/v9/me/time_entries"), ServerRoute("GET", "/api/v9/me/time_entries/current"),
            ServerRoute("GET", "/api/v9/me/time_entries/{id}"), ServerRoute("DELETE", "/api/v9/me/time_entries/{id}"),
            ServerRoute("POST", entries), ServerRoute("PUT", entries + "/{id}"),
            ServerRoute("DELETE", entries + "/{id}"), ServerRoute("PATCH", entries + "/{id}/stop"),
        ]
    }

    public func beginShutdown() async {
        shutdown.trigger()
    }

    public func respond(to request: ServerRequest, principal: Principal) async -> ServerResponse {
        do {
            return try await route(request, principal: principal)
        } catch let error as ServerError {
            return error.response
        } catch let error as JSONFieldError {
            return Self.refusal(error).response
        } catch {
            return ServerError(status: 500, code: "internal", message: "\(error)").response
        }
    }

    /// The server time now, in seconds.
    var now: Int64 { Int64(clamping: clock()) }

    /// The HTTP form of a body field the service cannot read.
    static func refusal(_ error: JSONFieldError) -> ServerError {
        if error.kind == .malformedJSON {
            return ServerError(
                status: 400, code: "malformed_json", message: "request \(error.description)", field: error.field)
        }
        return .invalidField(error.field, error.detail)
    }
}
