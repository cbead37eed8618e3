import RxChainDevice
import RxChainJSON

extension TodoEntry {
    /// The entry a server record stands for: its id, `ts` and creator from the record (what the
    /// server stamps beside the body), its log from the record's server log, its action from the
    /// body `{"type":…,"payload":{…}}` (read as ``init(line:)`` reads them).
    ///
    /// - Throws: `JSONFieldError` for `log` when the record's log is not a TODO log
    ///   (`users/U/actions`, `lists/L/actions`, `requests/A/to/B`), or for the body's first field
    ///   at fault.
    public init(record: ServerLogRecord) throws(JSONFieldError) {
        guard let log = TodoListsDomain.todoLog(of: record.log) else {
            throw JSONFieldError(
                field: "log", kind: .unknownValue,
                detail: "\(JSONWriter.quoted(record.log)) is not users/U/actions, lists/L/actions or requests/A/to/B")
        }
        let action = try Self.action(in: try JSONObjectReader(record.body))
        self.init(id: record.id, ts: record.ts.map { Double($0) }, log: log, creator: record.creator, action: action)
    }
}
