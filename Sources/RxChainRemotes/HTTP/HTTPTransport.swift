import RxChainCore

/// Carries a domain's queued requests to a server over HTTP, one at a time: the `SyncTransport`
/// of domains whose changes are REST calls (the time tracker's) rather than playbook lines.
///
/// For each record the domain's ``HTTPRequestMapping`` makes the call; the transport sends it
/// through a ``ServerClient`` (the session's credentials, one shared refresh on a 401), adds
/// `Idempotency-Key: <the record's queue key>` so that a request whose answer was lost and is
/// sent again is recognised by the server, bounds it with a timeout, and reads the answer by
/// its status (`HTTPAnswerKind`):
///
/// - **2xx**, or a status the call names in ``HTTPCall/alreadyDoneStatuses`` (a delete answered
///   404: nothing is left to delete): the exchange goes to `answered` (the domain turns it into
///   `sync/...` messages for its store), then the record is acknowledged. If `answered` throws, the record stays queued
///   and is sent again later; the server answers the repeat as it did the first time.
/// - **408, 429, 5xx, 401, no answer**: `SyncOutcome.retryLater(after:reason:)`, honouring
///   `Retry-After`; `answered` is not called.
/// - **any other status**: the exchange goes to `answered` (a rejection the store shows), then
///   `SyncOutcome.permanentFailure(reason:)`: the record becomes a dead letter.
/// - A record the mapping cannot turn into a call is a permanent failure, sent to nobody; one it
///   says needs no call is acknowledged at once.
///
/// Answers reach `answered` in queue order, never two at once (the `SyncManager` sends one
/// batch at a time), and before the queue moves past their record: a crash in between sends
/// the request again, never loses its answer.
package struct HTTPTransport<Mapping: HTTPRequestMapping>: SyncTransport {
    /// One record per call: each is its own HTTP request.
    package let maxBatchSize = 1
    /// The client the requests go through (its server and session).
    package let client: ServerClient
    /// How the domain's records become calls.
    package let mapping: Mapping
    /// How long one request may take before it counts as unanswered.
    package let timeout: Duration
    private let answered: @Sendable (HTTPExchange) async throws -> Void

    /// Creates the transport.
    ///
    /// - Parameters:
    ///   - client: a client of the server, signed in (requests without a session are retried
    ///     until there is one).
    ///   - mapping: the domain's calls.
    ///   - timeout: the most one request may take.
    ///   - answered: receives each acknowledged or refused exchange, in order, before the queue
    ///     moves on; throwing keeps the record queued.
    package init(
        client: ServerClient, mapping: Mapping, timeout: Duration = .seconds(30),
        answered: @escaping @Sendable (HTTPExchange) async throws -> Void
    ) {
        self.client = client
        self.mapping = mapping
        self.timeout = timeout
        self.answered = answered
    }

    /// Sends the batch's record and says what became of it.
    ///
    /// - Throws: `CancellationError` when the task was cancelled, or what `answered` throws
    ///   (either way the record stays queued).
    package func send(_ batch: [QueueRecord]) async throws -> SyncOutcome {
        guard let record = batch.first else { return .acknowledged }
        let call: HTTPCall
        do throws(HTTPMappingError) {
            guard let made = try mapping.call(for: record) else { return .acknowledged }
            call = made
        } catch {
            return .permanentFailure(reason: "request #\(record.seq) (\(record.tag)) cannot be sent: \(error.reason)")
        }
        let answer: ServerAnswer
        do {
            answer = try await client.sendSigned(
                call.method, call.path, body: call.body, headers: [("Idempotency-Key", record.key)],
                timeout: timeout)
        } catch let error as ServerClientError {
            return .retryLater(reason: error.description)
        }
        let exchange = HTTPExchange(record: record, call: call, status: answer.status, body: answer.body)
        let kind =
            call.alreadyDoneStatuses.contains(answer.status) ? .acknowledged : HTTPAnswerKind(status: answer.status)
        switch kind {
        case .acknowledged:
            try await answered(exchange)
            return .acknowledged
        case .retry:
            return .retryLater(after: answer.retryAfter, reason: answer.refusal.description)
        case .refused:
            try await answered(exchange)
            return .permanentFailure(reason: answer.refusal.description)
        }
    }
}
