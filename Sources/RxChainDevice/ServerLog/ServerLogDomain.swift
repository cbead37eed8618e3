import RxChainLogs

/// A domain whose entries live in an RxChain server's logs, as a ``Device`` keeps them:
/// its fold (`OrderedLogDomain`), plus how an entry travels.
///
/// Everything else is the engine's: the durable queue of local entries, pushing them, following
/// the user's change feed, the local copy of confirmed entries, reading a log from its start
/// once the state says it matters.
///
/// Every device must answer these identically:
/// - ``outgoing(_:)`` and ``entry(from:)`` are one codec: the record made for a local entry
///   reads back as that entry (with `ts` and `creator` from the record once confirmed).
/// - ``entry(from:)`` is pure; a record that is not the domain's (another application's log in
///   the same feed) reads as `nil` and is left out.
public protocol ServerLogDomain: OrderedLogDomain, ReplicatedDomain
where
    EntryID == String, AppState == ServerLogState<Self>, AppMessage == ServerLogMessage<Self>,
    Request == ServerLogRequest
{
    /// The server log `entry` is appended to and the body stored there (the entry without
    /// what the server stamps: its id, `ts` and creator travel beside the body).
    func outgoing(_ entry: Entry) -> (log: String, body: [UInt8])

    /// The entry `record` stands for, or `nil` when it is not one of this domain's.
    func entry(from record: ServerLogRecord) -> Entry?

    /// The logs the state needs read from their first entry, beyond what the feed brings from
    /// the device's cursor on: a log the user was given access to after its entries were
    /// written (a list shared with them). Defaults to none.
    func logsToRead(in state: State) -> Set<String>
}

extension ServerLogDomain {
    public func logsToRead(in state: State) -> Set<String> { [] }
}
