/// What `LogBook.open(directory:clock:segmentSize:cacheBytes:startDespiteDamage:)` found and did.
public struct JournalRecoveryReport: Hashable, Sendable {
    /// The torn last record that was cut: never acknowledged, since it was never fully written.
    public struct TornTail: Hashable, Sendable {
        /// The segment file it was cut from.
        public let file: String
        /// Where it started: the file's length now.
        public let offset: Int
        /// How many bytes were cut.
        public let length: Int
    }

    /// How many entries were recovered, across every log.
    public internal(set) var entryCount = 0
    /// How many segment files the journal has.
    public internal(set) var segmentCount = 0
    /// The torn tail cut from the last segment, if there was one.
    public internal(set) var tornTail: TornTail?
    /// Records left out because they are damaged or do not fit (only when the book was told to
    /// start despite damage; otherwise opening fails with ``LogStoreError/damaged(_:)``).
    public internal(set) var damaged: [JournalDamage] = []
}
