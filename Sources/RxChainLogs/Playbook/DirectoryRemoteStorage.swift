import Foundation
import RxChainSystem

/// The files of a ``DirectoryRemote`` and the blocking operations on them.
///
/// Four files live side by side: the playbook, its commit record (`.commit`, see
/// ``CommitRecord``), the intent of the last append (`.intent`, see
/// ``DirectoryRemoteIntent``) and the lock file (`.lock`). Everything here blocks (disk,
/// lock waits); ``DirectoryRemote`` calls it on its own dispatch queues.
///
/// Readers take no lock while the commit record fits the file and nothing past it needs
/// adopting; otherwise they take the lock and settle the playbook first (see
/// ``settle(_:)``), exactly as a writer does before every append.
struct DirectoryRemoteStorage: Sendable {
    /// The committed state a reader or writer works from.
    struct Snapshot: Equatable {
        /// The commit record, or `nil` for a playbook without one (missing, or written by another tool).
        var record: CommitRecord?
        /// The committed length in bytes.
        var length: Int
        var revision: Revision { record?.revision ?? CommitRecord.unversionedRevision(length: length) }

        static let empty = Snapshot(record: nil, length: 0)

        init(record: CommitRecord?, length: Int) {
            self.record = record
            self.length = length
        }

        init(_ record: CommitRecord) {
            self.init(record: record, length: record.length)
        }
    }

    /// What a reader found without the lock.
    enum Probe {
        /// The committed state, ready to read.
        case committed(Snapshot)
        /// Complete lines past the committed length that no intent explains: another
        /// program appended them, and the lock holder adopts them. `snapshot` is the state
        /// without them, for a reader that cannot take the lock.
        case foreignLines(Snapshot)
        /// The commit record does not fit the playbook (`reason`); the lock holder repairs it.
        case needsRepair(reason: String)
    }

    let location: String
    let playbookPath: String
    let directoryPath: String
    let lockTimeout: Duration
    var commitPath: String { playbookPath + ".commit" }
    var intentPath: String { playbookPath + ".intent" }
    var lockPath: String { playbookPath + ".lock" }

    /// The committed state, after adopting lines another program appended and repairing a
    /// record that does not fit the playbook; the lock is taken only for that.
    ///
    /// A reader that cannot take the lock (another holder past `lockTimeout`, a read-only
    /// share) still reads: without the foreign lines, which a later read or append adopts.
    /// - Throws: ``PlaybookRemoteError/corruptCommitRecord(location:reason:)`` when the
    ///   record needs a repair and the lock cannot be taken to make it.
    func committedSnapshot() throws -> Snapshot {
        switch try probe() {
        case .committed(let snapshot):
            return snapshot
        case .foreignLines(let snapshot):
            do {
                return try settledUnderLock()
            } catch let error as PlaybookRemoteError where Self.isLockUnavailable(error) {
                return snapshot
            }
        case .needsRepair(let reason):
            do {
                return try settledUnderLock()
            } catch let error as PlaybookRemoteError where Self.isLockUnavailable(error) {
                throw PlaybookRemoteError.corruptCommitRecord(
                    location: commitPath, reason: "\(reason); it cannot be repaired now: \(error)")
            }
        }
    }

    /// The committed lines after byte `cursor` (`nil`: from the start).
    func read(after cursor: PlaybookCursor?) throws -> PlaybookChunk {
        let snapshot = try committedSnapshot()
        let offset = try byteOffset(of: cursor, committedLength: snapshot.length)
        guard offset < snapshot.length else {
            return PlaybookChunk(lines: Data(), cursor: Self.cursor(at: offset), revision: snapshot.revision)
        }
        let file = try PlaybookFile.open(playbookPath, .readOnly)
        defer { file.close() }
        // Read one byte before the cursor too: it must end a line, or the cursor is not ours.
        let start = max(0, offset - 1)
        var bytes = try file.read(count: snapshot.length - start, at: start)
        guard bytes.count == snapshot.length - start else {
            throw PlaybookRemoteError.corruptCommitRecord(
                location: commitPath,
                reason: "it commits \(snapshot.length) bytes but \(playbookPath) has only \(start + bytes.count)")
        }
        if let cursor, offset > 0 {
            guard bytes.first == UInt8(ascii: "\n") else {
                throw PlaybookRemoteError.invalidCursor(
                    cursor, location: location, reason: "byte \(offset) is not the start of a line")
            }
            bytes.removeFirst()
        }
        return PlaybookChunk(lines: bytes, cursor: Self.cursor(at: snapshot.length), revision: snapshot.revision)
    }

    /// What the files say without the lock.
    ///
    /// Order of reads: the record, then the playbook's bytes past it, then the intent. A
    /// writer publishes in the opposite order (intent, bytes, record), so bytes of an
    /// append that this reader sees always come with that append's intent, and an append
    /// in progress is never mistaken for another program's lines. Reading the intent
    /// first would only send the reader to the lock for nothing, never adopt wrongly:
    /// adopting happens under the lock, which every writer holds from intent to record.
    func probe() throws -> Probe {
        let record: CommitRecord
        switch try CommitRecord.load(commitPath) {
        case .corrupt(let reason, _):
            return .needsRepair(reason: reason)
        case .missing:
            guard let file = try PlaybookFile.openIfExists(playbookPath, .readOnly) else {
                // No playbook yet reads as empty only where the first append can create it.
                try requireDirectory()
                return .committed(.empty)
            }
            defer { file.close() }
            let size = try file.size()
            guard size > 0 else { return .committed(.empty) }
            // A first append makes the record before writing any line: if lines are here, read the record again.
            guard case .missing = try CommitRecord.load(commitPath) else { return try probe() }
            return .committed(Snapshot(record: nil, length: try file.completeLinesLength(size: size)))
        case .valid(let valid, _):
            record = valid
        }
        let file = try PlaybookFile.openIfExists(playbookPath, .readOnly)
        defer { file?.close() }
        let size = try file?.size() ?? 0
        if let problem = try mismatch(of: record, file: file, size: size) { return .needsRepair(reason: problem) }
        let snapshot = Snapshot(record)
        guard let file, size > record.length else { return .committed(snapshot) }
        // Only complete lines are adopted: a tail without a line end has nothing to adopt.
        guard try file.completeLinesLength(size: size) > record.length else { return .committed(snapshot) }
        let tail = try file.read(count: size - record.length, at: record.length)
        if let intent = try DirectoryRemoteIntent.load(intentPath), intent.builds(on: record), intent.explains(tail) {
            return .committed(snapshot)
        }
        return .foreignLines(snapshot)
    }

    /// Takes the lock, settles the playbook (``settle(_:)``) and returns the committed state.
    private func settledUnderLock() throws -> Snapshot {
        let lock = try lock()
        defer { lock.release() }
        let file = try PlaybookFile.openIfExists(playbookPath, .readWrite, .append)
        defer { file?.close() }
        return try settle(file).snapshot
    }

    /// Checks that the playbook's directory exists; it is never created.
    ///
    /// - Throws: ``PlaybookRemoteError/missingDirectory(_:)`` when it does not exist (most
    ///   often a share that is not mounted); the lookup's error when it cannot be looked up or
    ///   is not a directory.
    func requireDirectory() throws {
        guard let status = FileStatus(path: directoryPath) else {
            let code = systemErrno
            if code == Errno.noSuchFileOrDirectory { throw PlaybookRemoteError.missingDirectory(directoryPath) }
            throw PlaybookRemoteError.posix(code, "look up the playbook's directory", directoryPath)
        }
        guard status.isDirectory else {
            throw PlaybookRemoteError.io(
                location: playbookPath, operation: "create it in \(directoryPath)", errno: Errno.notDirectory)
        }
    }

    /// Takes the playbook's lock, waiting at most ``lockTimeout`` for another writer.
    ///
    /// - Throws: ``PlaybookRemoteError/lockTimeout(lockFile:waited:)`` when another writer
    ///   still holds it then.
    func lock() throws(PlaybookRemoteError) -> PlaybookLock {
        guard let lock = try PlaybookLock.acquire(lockPath, waitingAtMost: lockTimeout) else {
            throw .lockTimeout(lockFile: lockPath, waited: lockTimeout)
        }
        return lock
    }

    /// Why `record` does not fit a playbook of `size` bytes, or `nil` when it does: it
    /// must not reach past the end, and it must end at a line end.
    func mismatch(of record: CommitRecord, file: PlaybookFile?, size: Int) throws -> String? {
        if record.length > size {
            return "it commits \(record.length) bytes but \(playbookPath) has only \(size)"
        }
        guard record.length > 0, let file else { return nil }
        guard try file.read(count: 1, at: record.length - 1).first == UInt8(ascii: "\n") else {
            return "it commits \(record.length) bytes of \(playbookPath), which ends inside a line"
        }
        return nil
    }

    /// Whether `error` says the lock cannot be had now (held too long, or no permission to
    /// take it or to write), as opposed to a fault that every caller must hear about.
    private static func isLockUnavailable(_ error: PlaybookRemoteError) -> Bool {
        switch error {
        case .lockTimeout, .permissionDenied: true
        default: false
        }
    }

    static func cursor(at offset: Int) -> PlaybookCursor {
        PlaybookCursor(String(offset))
    }

    private func byteOffset(of cursor: PlaybookCursor?, committedLength: Int) throws -> Int {
        guard let cursor else { return 0 }
        guard let offset = Int(cursor.rawValue), offset >= 0 else {
            throw PlaybookRemoteError.invalidCursor(cursor, location: location, reason: "not a byte offset")
        }
        guard offset <= committedLength else {
            throw PlaybookRemoteError.invalidCursor(
                cursor, location: location,
                reason: "past the end of the playbook (\(committedLength) committed bytes)")
        }
        return offset
    }
}
