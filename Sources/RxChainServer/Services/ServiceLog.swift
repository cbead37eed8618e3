import RxChainServerStorage

/// A mounted service's own log in the server's ``LogBook``: `server/services/NAME`, reserved, so
/// no client ever reads or writes it (the HTTP layer refuses `server/…`, and no access rule
/// matches it).
///
/// A service appends one entry per accepted change and answers only after the append returned
/// (so after its `fsync`, by the book's group commit); on start it folds the log from the first
/// entry to rebuild its state. The entries have the book's guarantees: an id is appended once,
/// entries keep their order, a restart finds every acknowledged one.
public struct ServiceLog: Sendable {
    /// The book the log lives in.
    public let book: LogBook
    /// `server/services/NAME`.
    public let name: LogName

    /// The log of the service `service` in `book`.
    ///
    /// - Throws: `LogNameError` when `service` is not one log name segment (ASCII letters,
    ///   digits, `-`, `_`, `.`; a `/` is refused as an invalid character).
    public init(book: LogBook, service: String) throws(LogNameError) {
        let name = try LogName(validating: "\(LogName.reservedPrefix)/services/\(service)")
        guard name.segments.count == 3 else { throw LogNameError.invalidCharacter("/", index: 2) }
        self.book = book
        self.name = name
    }

    /// Appends one entry as `creator` (the authenticated user) and returns once it is durable;
    /// see ``LogBook/append(to:id:body:creator:expecting:)``.
    @discardableResult
    public func append(id: String, body: [UInt8], creator: String) async throws(LogAppendError) -> AppendResult {
        try await book.append(to: name, id: id, body: body, creator: creator)
    }

    /// The durable entries after `cursor` (a `seq`), at most `limit` of them.
    public func read(after cursor: UInt64, limit: Int = 1_000) -> LogPage {
        book.read(name, after: cursor, limit: limit)
    }
}
