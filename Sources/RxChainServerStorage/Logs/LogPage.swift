/// A run of a log's entries read after a cursor, with the cursor to read on from.
public struct LogPage: Hashable, Sendable {
    /// Entries with `seq` greater than the cursor, in `seq` order, at most the limit asked for.
    public let entries: [LogEntry]
    /// The cursor to pass to the next read: the last entry's `seq`, or the cursor read from when
    /// the page is empty.
    public let nextCursor: UInt64
    /// The log's revision (entry count) when the page was read.
    public let revision: UInt64

    /// `true` when the log holds entries after this page.
    public var hasMore: Bool { nextCursor < revision }

    /// Creates a page.
    public init(entries: [LogEntry], nextCursor: UInt64, revision: UInt64) {
        self.entries = entries
        self.nextCursor = nextCursor
        self.revision = revision
    }
}
