import RxChainServer

/// What the service answered a change request: a status and a JSON body, kept in the state so
/// a repeat of its `Idempotency-Key` answers exactly the same.
struct TimeEntryServerAnswer: Sendable, Hashable {
    var status: Int
    var body: [UInt8]

    /// `200` with the record, owned by the account `userId`.
    static func record(_ record: TimeEntryServerRecord, userId: Int) -> TimeEntryServerAnswer {
        TimeEntryServerAnswer(status: 200, body: record.json(userId: userId))
    }

    /// The refusal.
    init(_ error: ServerError) {
        let response = error.response
        self.init(status: response.status, body: response.body)
    }

    init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    var response: ServerResponse { ServerResponse(status: status, body: body) }
}
