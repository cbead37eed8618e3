/// One entry of a TODO log: `{id, ts, log, creator, type, payload}`.
///
/// ```json
/// {"id":"e7","ts":1042,"log":"list:L1","creator":"alice","type":"create_item","payload":{"id":"i1","description":"milk"}}
/// ```
///
/// The server's order is `(ts, id)`; an entry without `ts` is local (made on this device and
/// not yet confirmed). Two entries are equal when every field is: a second copy of a confirmed
/// id that differs is a clash, never applied (``TodoListsDomain``).
public struct TodoEntry: Sendable, Hashable {
    /// Unique across all logs (made by the client); a request's id is its entry's id.
    public var id: String
    /// The server's order stamp, increasing across the whole server; `nil` while local.
    ///
    /// Read as a `Double`: integers up to 2^53 (milliseconds since 1970 and any counter a
    /// server reaches) compare exactly.
    public var ts: Double?
    /// The log the entry was appended to.
    public var log: TodoLog
    /// The authenticated user who appended it (set by the server).
    public var creator: String
    /// What it does.
    public var action: TodoAction

    /// Creates an entry.
    public init(id: String, ts: Double?, log: TodoLog, creator: String, action: TodoAction) {
        self.id = id
        self.ts = ts
        self.log = log
        self.creator = creator
        self.action = action
    }
}
