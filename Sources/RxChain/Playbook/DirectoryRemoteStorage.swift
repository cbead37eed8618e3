import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a ``DirectoryRemote`` and the blocking operations on them.
///
/// Three files live side by side: the playbook, its commit record (`.commit`, see
/// ``CommitRecord``) and the lock file (`.lock`). Everything here blocks (disk, lock
/// waits); ``DirectoryRemote`` calls it on its own dispatch queues.
struct DirectoryRemoteStorage: Sendable {
    /// The committed state a reader or writer works from.
    struct Snapshot {
        /// The commit record, or `nil` for a playbook without one (missing, or written by another tool).
        var record: CommitRecord?
        /// The committed length in bytes.
        var length: Int
        var revision: Revision { record?.revision ?? CommitRecord.unversionedRevision(length: length) }
    }

    let location: String
    let playbookPath: String
    let directoryPath: String
    let lockTimeout: Duration
    var commitPath: String { playbookPath + ".commit" }
    var lockPath: String { playbookPath + ".lock" }

    /// The committed state, without taking the lock.
    ///
    /// With a commit record, its length is what counts. Without one, a missing or empty
    /// playbook is ``Revision/noPlaybook``, and a playbook written by another tool counts
    /// up to its last complete line. A first append makes the record before writing any
    /// line, so when lines appear the record is read again and wins.
    func snapshot() throws -> Snapshot {
        if let record = try CommitRecord.load(commitPath) { return Snapshot(record: record, length: record.length) }
        guard let file = try POSIXFile.openIfExists(playbookPath, O_RDONLY) else { return Snapshot(length: 0) }
        defer { file.close() }
        let size = try file.size()
        guard size > 0 else { return Snapshot(length: 0) }
        if let record = try CommitRecord.load(commitPath) { return Snapshot(record: record, length: record.length) }
        return Snapshot(length: try file.completeLinesLength(size: size))
    }

    /// The committed lines after byte `cursor` (`nil`: from the start).
    func read(after cursor: PlaybookCursor?) throws -> PlaybookChunk {
        let snapshot = try snapshot()
        let offset = try byteOffset(of: cursor, committedLength: snapshot.length)
        guard offset < snapshot.length else {
            return PlaybookChunk(lines: Data(), cursor: Self.cursor(at: offset), revision: snapshot.revision)
        }
        let file = try POSIXFile.open(playbookPath, O_RDONLY)
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

    /// Appends `lines` under the lock if the committed revision is still `expected`.
    ///
    /// Order of effects, each durable before the next: (first append only) a generation-0
    /// record, then the playbook file (its directory fsynced); the lines, after cutting
    /// any uncommitted tail a crashed writer left; the new record. A crash anywhere leaves
    /// the previous commit intact.
    ///
    /// - Throws: ``PlaybookRemoteError/missingDirectory(_:)`` when the playbook's directory
    ///   does not exist: it is never created.
    func append(_ lines: Data, expecting expected: Revision) throws -> AppendOutcome {
        guard !lines.isEmpty else {
            throw PlaybookRemoteError.invalidLines(location: location, reason: "no lines given")
        }
        guard lines.last == UInt8(ascii: "\n") else {
            throw PlaybookRemoteError.invalidLines(
                location: location, reason: "the last line does not end in a newline (\"\\n\")")
        }
        try requireDirectory()
        let lock = try FileLock.acquire(lockPath, timeout: lockTimeout)
        defer { lock.release() }

        let snapshot = try snapshot()
        guard snapshot.revision == expected else { return .conflict(current: snapshot.revision) }
        var record = snapshot.record ?? CommitRecord.fresh(length: snapshot.length)
        if snapshot.record == nil { try record.publish(to: commitPath, directory: directoryPath) }

        let (file, created) = try POSIXFile.openCreating(playbookPath, O_RDWR)
        defer { file.close() }
        if created { try POSIXFile.syncDirectory(directoryPath) }
        let size = try file.size()
        guard size >= record.length else {
            throw PlaybookRemoteError.corruptCommitRecord(
                location: commitPath, reason: "it commits \(record.length) bytes but \(playbookPath) has only \(size)")
        }
        do {
            if size > record.length { try file.truncate(to: record.length) }
            try file.write(lines, at: record.length)
            try file.sync()
        } catch {
            try? file.truncate(to: record.length)
            throw error
        }
        record.generation += 1
        record.length += lines.count
        try record.publish(to: commitPath, directory: directoryPath)
        return .committed(revision: record.revision, cursor: Self.cursor(at: record.length))
    }

    /// Checks that the playbook's directory exists; it is never created.
    private func requireDirectory() throws {
        var status = stat()
        guard stat(directoryPath, &status) == 0 else {
            let code = errno
            if code == ENOENT { throw PlaybookRemoteError.missingDirectory(directoryPath) }
            throw PlaybookRemoteError.posix(code, "look up the playbook's directory", directoryPath)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw PlaybookRemoteError.io(
                location: playbookPath, operation: "create it in \(directoryPath)", errno: ENOTDIR)
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
