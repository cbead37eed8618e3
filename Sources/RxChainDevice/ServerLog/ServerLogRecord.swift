/// One entry as it travels between a device and an RxChain server's logs: what a
/// ``ServerLogDomain`` turns its entries into, and reads them back from.
///
/// A confirmed record carries what the server stamped (`seq`, `ts`, and `creator`, the
/// authenticated user); a local one, made on this device and not yet confirmed, has no `seq`
/// or `ts`, and its `creator` is the device's user.
public struct ServerLogRecord: Sendable, Hashable {
    /// The server log (`users/alice/actions`, `lists/L1/actions`).
    public var log: String
    /// The entry's id, unique in its log (the domain's entry id).
    public var id: String
    /// The user who appended it.
    public var creator: String
    /// The entry's JSON as the server stores it (without what the server stamps).
    public var body: [UInt8]
    /// Its position in its log; `nil` while local.
    public var seq: UInt64?
    /// Its server-wide order stamp; `nil` while local.
    public var ts: UInt64?

    /// Creates a record.
    public init(log: String, id: String, creator: String, body: [UInt8], seq: UInt64? = nil, ts: UInt64? = nil) {
        self.log = log
        self.id = id
        self.creator = creator
        self.body = body
        self.seq = seq
        self.ts = ts
    }

    /// Whether the server has confirmed it.
    public var isConfirmed: Bool { ts != nil }
}
