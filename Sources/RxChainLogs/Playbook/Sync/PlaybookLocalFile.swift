import Foundation

/// A device's local file for a playbook: a snapshot (`local.snapshot`) and a journal of the
/// lines read since (`local.journal`), so each sync writes only its new lines.
///
/// - `local.snapshot` holds a ``PlaybookSnapshot`` in the binary envelope of
///   ``PlaybookSnapshotFile``, replaced atomically (temporary file, fsync, rename, fsync of
///   the directory).
///   A snapshot that does not decode (damaged, cut short, another envelope version or
///   state format) is discarded like a missing one: the state is rebuilt from the playbook.
/// - `local.journal` holds entries appended and fsynced after the snapshot: a checksummed
///   header line (``JournalHeader``: first line number, line count, byte count, revision
///   and cursor after the lines) followed by exactly that many bytes of playbook lines (see
///   `PlaybookLocalFile+Journal.swift`). Loading applies the entries that continue the
///   snapshot (`fromLine == lineCount`), skips older ones (a compaction that died before
///   truncating) and stops at a torn last entry, so a crash anywhere leaves a consistent
///   prefix. A corrupt entry (a checksum that does not match, a header that cannot be read,
///   an entry that does not continue the lines before it) discards the local file like a bad
///   snapshot: the state is rebuilt from the playbook, and the status says why.
/// - Compaction writes a new snapshot, then empties the journal.
///
/// Blocking: every function here does file I/O; call them on a dedicated queue.
enum PlaybookLocalFile {
    /// What ``load(directory:location:domain:)`` found.
    struct Loaded<State: Codable & Equatable & Sendable>: Sendable {
        var snapshot: PlaybookSnapshot<State>
        /// Where the next journal entry goes (the end of the last good one).
        var journalLength: Int
        /// Size of `local.snapshot` (0 when missing).
        var snapshotBytes: Int
        /// Lines applied from the journal.
        var journalLines: Int
        /// Why the local file was discarded, when it was.
        var resetReason: String?
    }

    static func snapshotPath(_ directory: String) -> String { directory + "/local.snapshot" }
    static func journalPath(_ directory: String) -> String { directory + "/local.journal" }

    /// Reads the snapshot and the journal after it; starts from an empty snapshot when the
    /// file is missing, unreadable, for another location or another reducer version.
    package static func load<Domain: PlaybookDomain>(directory: String, location: String, domain: Domain) throws
        -> Loaded<Domain.State>
    {
        let empty = PlaybookSnapshot(
            location: location, reducerVersion: domain.reducerVersion, emptyState: domain.emptyState)
        let path = snapshotPath(directory)
        guard let file = try PlaybookFile.openIfExists(path, .readOnly) else {
            return Loaded(snapshot: empty, journalLength: 0, snapshotBytes: 0, journalLines: 0)
        }
        let size = try file.size()
        let bytes = try file.read(count: size, at: 0)
        file.close()
        var loaded = Loaded(snapshot: empty, journalLength: 0, snapshotBytes: size, journalLines: 0)
        let snapshot: PlaybookSnapshot<Domain.State>
        do {
            snapshot = try PlaybookSnapshotFile.decode(bytes, domain: domain)
        } catch {
            loaded.resetReason = "\(path) is unreadable (\(error)); rebuilding from the playbook"
            return loaded
        }
        guard snapshot.location == location else {
            loaded.resetReason = "the remote changed from \(snapshot.location) to \(location); starting clean"
            return loaded
        }
        guard snapshot.reducerVersion == domain.reducerVersion else {
            loaded.resetReason =
                "reducer version \(snapshot.reducerVersion) became \(domain.reducerVersion); replaying the playbook"
            return loaded
        }
        loaded.snapshot = snapshot
        try replayJournal(directory: directory, domain: domain, into: &loaded)
        return loaded
    }

    /// Applies the journal entries that continue `loaded.snapshot`; discards the local file
    /// (`resetReason`) at a corrupt one.
    private static func replayJournal<Domain: PlaybookDomain>(
        directory: String, domain: Domain, into loaded: inout Loaded<Domain.State>
    ) throws {
        let path = journalPath(directory)
        guard let file = try PlaybookFile.openIfExists(path, .readOnly) else { return }
        defer { file.close() }
        let journal = try file.read(count: try file.size(), at: 0)
        var offset = 0
        reading: while offset < journal.count {
            let problem: String
            switch readEntry(journal, at: offset) {
            case .torn:
                break reading
            case .corrupt(let reason):
                problem = reason
            case .entry(let header, let lines, let end):
                if header.fromLine + header.lines <= loaded.snapshot.lineCount {
                    offset = end  // already in the snapshot (a compaction stopped before emptying the journal)
                    continue
                }
                guard header.fromLine == loaded.snapshot.lineCount else {
                    problem = "it starts at line \(header.fromLine), after line \(loaded.snapshot.lineCount)"
                    break
                }
                var snapshot = loaded.snapshot
                // Keeps `snapshot.state` and its index uniquely referenced.
                loaded.snapshot.state = domain.emptyState
                loaded.snapshot.actionIDs = ActionIDIndex()
                _ = domain.apply(
                    lines: journal[lines], to: &snapshot.state, actionIDs: &snapshot.actionIDs,
                    linesBefore: header.fromLine)
                snapshot.lineCount += header.lines
                snapshot.revision = header.revision
                snapshot.cursor = header.cursor
                loaded.snapshot = snapshot
                loaded.journalLines += header.lines
                offset = end
                continue
            }
            loaded.snapshot = PlaybookSnapshot(
                location: loaded.snapshot.location, reducerVersion: domain.reducerVersion,
                emptyState: domain.emptyState)
            loaded.journalLength = 0
            loaded.journalLines = 0
            loaded.resetReason = "\(path) is corrupt at byte \(offset) (\(problem)); rebuilding from the playbook"
            return
        }
        loaded.journalLength = offset
    }

    /// Writes one entry at `offset` of the journal, cuts anything after it, and fsyncs;
    /// returns the journal's new length.
    static func appendEntry(directory: String, at offset: Int, header: JournalHeader, lines: Data) throws -> Int {
        let entry = try encodeEntry(header, lines: lines)
        let path = journalPath(directory)
        let created = try PlaybookFile.openIfExists(path, .readOnly).map { $0.close() } == nil
        if created { try PlaybookFile.makeDirectories(directory) }
        let file = try PlaybookFile.open(path, .writeOnly, .create)
        defer { file.close() }
        try file.write(entry, at: offset)
        try file.truncate(to: offset + entry.count)
        try file.sync()
        if created { try PlaybookFile.syncDirectory(directory) }
        return offset + entry.count
    }

    /// Replaces the snapshot atomically, then empties the journal; returns the snapshot's size.
    static func writeSnapshot<Domain: PlaybookDomain>(
        directory: String, _ snapshot: PlaybookSnapshot<Domain.State>, domain: Domain
    ) throws -> Int {
        let data = try PlaybookSnapshotFile.encode(snapshot, domain: domain)
        try PlaybookFile.makeDirectories(directory)
        try PlaybookFile.replaceAtomically(snapshotPath(directory), with: data, directory: directory)
        if let journal = try PlaybookFile.openIfExists(journalPath(directory), .writeOnly) {
            defer { journal.close() }
            try journal.truncate(to: 0)
            try journal.sync()
        }
        return data.count
    }
}
