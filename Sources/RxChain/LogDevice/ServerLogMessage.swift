/// What a ``ServerLogDevice``'s store is sent: a local entry to record, entries the server
/// confirmed, or a local entry it refused for good.
public enum ServerLogMessage<Domain: ServerLogDomain>: Message {
    /// A new entry made on this device: shown at once, queued to be appended (persisted).
    case record(Domain.Entry)
    /// Entries the server holds (pushed by this device, or read from the feed or a log).
    case confirm([Domain.Entry])
    /// The server refused the local entry with this id for good: it leaves the state.
    case refuse(id: String, reason: String)

    public var tag: MessageTag {
        switch self {
        case .record: "serverLog/record"
        case .confirm: "serverLog/confirm"
        case .refuse: "serverLog/refuse"
        }
    }
}
