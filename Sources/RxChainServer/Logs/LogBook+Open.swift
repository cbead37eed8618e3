import Foundation
import RxChainServerStorage
import RxChainSystem

extension LogBook {
    /// Opens the durable book kept in `directory`: a `JournalStorage`.
    ///
    /// Recovery runs on the storage's committer thread, never on the concurrency pool. It takes an
    /// exclusive lock on `directory` (a `lock` file, `flock`ed, released by ``close()`` or when
    /// the process dies), reads the closed segments' index files and the open segment's records,
    /// cuts a torn last record (never acknowledged, since appends answer only after their
    /// `fsync`), `fsync`s the open segment, and checks that each log's `seq` runs on without gaps
    /// and `ts` rises. The recovered `ts` carry on: the next append gets a `ts` above every
    /// recovered one whatever the clock says.
    ///
    /// A record that does not check out (its CRC, its JSON, its place in its log) was written whole
    /// and damaged later. It is always copied to `quarantine/` and reported with its file and
    /// offset. By default the book then refuses to open: the record may be an acknowledged entry,
    /// and leaving it out would silently drop it and renumber what follows in its log (a later
    /// record of that log no longer fits, and is left out too). An operator who has kept the
    /// copies can pass `startDespiteDamage` to go on without them; the records stay in the journal
    /// and are reported again at every open.
    ///
    /// > Important: Call ``close()`` when done: the committer thread and the directory's lock
    /// > live until then (or until the process ends), whether or not the book is still referenced.
    ///
    /// - Parameters:
    ///   - directory: The journal's directory, created if missing; one book at a time.
    ///   - clock: The time source for `ts`, as for ``init(clock:)``.
    ///   - segmentSize: The size past which the next commit starts a new segment file (at most
    ///     1 GiB).
    ///   - cacheBytes: The most bytes the read cache holds.
    ///   - startDespiteDamage: Open even when recovery found damaged records (see above).
    /// - Throws: `LogStoreError.inUse(directory:)` when another book holds the directory;
    ///   `LogStoreError.damaged(_:)` naming each damaged record's file and offset;
    ///   `LogStoreError.io(operation:path:errno:)` when a system call fails.
    public static func open(
        directory: URL, clock: @escaping @Sendable () -> UInt64 = AppendRules.wallClockMicroseconds,
        segmentSize: Int = JournalStorage.defaultSegmentSize, cacheBytes: Int = JournalStorage.defaultCacheBytes,
        startDespiteDamage: Bool = false
    ) async throws(LogStoreError) -> LogBook {
        LogBook(
            storage: try await JournalStorage.open(
                directory: directory.standardizedFileURL.path, clock: clock, segmentSize: segmentSize,
                cacheBytes: cacheBytes, startDespiteDamage: startDespiteDamage))
    }

    /// What opening the journal found and repaired; `nil` for a book not kept in a journal.
    public var recoveryReport: JournalRecoveryReport? { (storage as? JournalStorage)?.recoveryReport }
}
