import RxChainSystem

/// The journal's open last segment and the directory lock, owned by the committer thread alone.
///
/// It knows the segment's *committed length*: how far the last successful `fsync` reached.
/// After a failed write or `fsync`, ``cut()`` truncates the segment back to it, so the bytes the
/// failure touched cannot be read back (and served) by the next open.
///
/// Not `Sendable` on purpose: recovery creates it on the committer thread, and it never leaves.
final class JournalWriter {
    let layout: JournalLayout
    /// The size at which the next batch starts a new segment.
    let segmentSize: Int
    private let lock: JournalLock
    private var segmentNumber: Int
    private var segment: JournalFile
    private var buffer: [UInt8] = []
    /// Bytes written to the segment so far (what it holds if every write went through).
    private var writtenLength: Int
    /// What the last successful `fsync` covered.
    private var committedLength: Int

    /// Takes over segment `number`, open for appending, whose `length` bytes are all durable.
    init(
        layout: JournalLayout, segmentSize: Int, lock: JournalLock, segmentNumber: Int, segment: JournalFile,
        length: Int
    ) {
        self.layout = layout
        self.segmentSize = segmentSize
        self.lock = lock
        self.segmentNumber = segmentNumber
        self.segment = segment
        self.writtenLength = length
        self.committedLength = length
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes `batch` in one `write`, first starting a new segment (created, then the
    /// directory `fsync`ed) if the current one has reached ``segmentSize``.
    ///
    /// A commit never spans two segments, so neither does an append's batch.
    /// - Returns: The segment written to, where each entry's line starts in it, and where the
    ///   last one ends.
    func append(_ batch: JournalBatch) throws(LogStoreError) -> (segment: Int, offsets: [Int], end: Int) {
        if committedLength >= segmentSize, writtenLength == committedLength { try startNextSegment() }
        buffer.removeAll(keepingCapacity: true)
        var offsets: [Int] = []
        offsets.reserveCapacity(batch.entries.count)
        for (entry, continues) in zip(batch.entries, batch.continuesBatch) {
            offsets.append(writtenLength + buffer.count)
            entry.encodeJournalLine(into: &buffer, continuesBatch: continues)
        }
        try segment.write(buffer)
        writtenLength += buffer.count
        return (segmentNumber, offsets, writtenLength)
    }

    /// `fsync`s the segment: what was appended is then committed.
    ///
    /// A failure is final for this writer: the book never syncs again and trusts it.
    func sync() throws(LogStoreError) {
        try segment.sync()
        committedLength = writtenLength
    }

    /// Truncates the segment back to what the last successful `fsync` covered and `fsync`s the
    /// truncation, after a write or `fsync` failed (best effort: the book refuses appends anyway,
    /// and a next open cuts or quarantines whatever is left).
    ///
    /// This `fsync` is not a retry of the failed one: it makes a new change durable (the
    /// shorter file) and vouches for nothing the failed one covered.
    func cut() throws(LogStoreError) {
        try segment.truncate(to: committedLength)
        try segment.sync()
        writtenLength = committedLength
    }

    /// Closes the segment and releases the directory's lock.
    func close() {
        segment.close()
        lock.release()
    }

    private func startNextSegment() throws(LogStoreError) {
        let next = segmentNumber + 1
        let path = layout.segment(next)
        let (file, created) = try JournalFile.openCreating(path, .writeOnly, .append)
        do throws(LogStoreError) {
            // Recovery opens the highest segment for appending, so a next one can only exist
            // empty (created just before a crash); anything in it would be skipped over.
            let isEmpty = created ? true : try file.size() == 0
            guard isEmpty else {
                throw .io(operation: "create segment (it exists and is not empty)", path: path, errno: Errno.fileExists)
            }
            try JournalFile.syncDirectory(layout.directory)
        } catch {
            file.close()
            throw error
        }
        segment.close()
        segment = file
        segmentNumber = next
        writtenLength = 0
        committedLength = 0
    }
}
