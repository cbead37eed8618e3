/// One entry to append: its id and its JSON body, before a storage gives it a `seq` and a `ts`.
public struct NewLogEntry: Sendable, Hashable {
    /// The entry's id (an actionId, operationId or entry id), unique within its log; not empty.
    public let id: String
    /// The entry's JSON bytes, compared byte for byte to recognise a repeat.
    public let body: [UInt8]

    /// Creates an entry to append.
    public init(id: String, body: [UInt8]) {
        self.id = id
        self.body = body
    }
}
