import RxChainCore
import RxChainLogs

/// What a server-log ``Device``'s store is sent: a local entry to record, entries the server
/// confirmed, or a local entry it refused for good.
public enum ServerLogMessage<Domain: OrderedLogDomain>: Message where Domain.EntryID == String {
    /// A new entry made on this device: shown at once, queued to be appended (persisted).
    case record(Domain.Entry)
    /// Grant (`member`) or revoke `user`'s membership of a log family (`lists/L1`), once the
    /// server takes it (persisted: queued with the entries, in order).
    case changeMembership(family: String, user: String, member: Bool)
    /// Entries the server holds (pushed by this device, or read from the feed or a log).
    case confirm([Domain.Entry])
    /// The server refused a request for good (named as ``ServerLogRequest/name``): a local
    /// entry with that id leaves the state.
    case refuse(id: String, reason: String)

    public var tag: MessageTag {
        switch self {
        case .record: "serverLog/record"
        case .changeMembership: "serverLog/changeMembership"
        case .confirm: "serverLog/confirm"
        case .refuse: "serverLog/refuse"
        }
    }
}
