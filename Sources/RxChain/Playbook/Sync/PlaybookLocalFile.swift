import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A device's local file for a playbook: a snapshot (`local.snapshot`) and a journal of the
/// lines read since (`local.journal`), so each sync writes only its new lines.
///
/// - `local.snapshot` holds a ``PlaybookSnapshot`` in the binary envelope of
///   ``PlaybookSnapshotFile``, replaced atomically (temporary file, fsync, rename, fsync of
///   the directory).
///   A snapshot that does not decode (damaged, cut short, another envelope version or
///   state format) is discarded like a missing one: the state is rebuilt from the playbook.
/// - `local.journal` holds entries appended and fsynced after the snapshot: a JSON header
///   line (``JournalHeader``: first line number, line count, byte count, revision and
///   cursor after the lines) followed by exactly that many bytes of playbook lines.
///   Loading applies the entries that continue the snapshot (`fromLine == lineCount`),
///   skips older ones (a compaction that died before truncating) and stops at the first
///   torn or non-contiguous one, so a crash anywhere leaves a consistent prefix.
/// - Compaction writes a new snapshot, then empties the journal.
///
/// Blocking: every function here does file I/O; call them on a dedicated queue.
enum PlaybookLocalFile {
    /// The header of one journal entry.
    struct JournalHeader: Codable {
        /// Lines of the playbook before this entry's lines.
        var fromLine: Int
        /// Complete lines in the entry.
        var lines: Int
        /// Bytes of lines following the header line.
        var bytes: Int
        /// The revision the playbook was at after these lines.
        var revision: Revision
        /// Where the next read starts after these lines.
        var cursor: PlaybookCursor
    }

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
    static func load<Domain: PlaybookDomain>(directory: String, location: String, domain: Domain) throws
        -> Loaded<Domain.State>
    {
        let empty = PlaybookSnapshot(
            location: location, reducerVersion: domain.reducerVersion, emptyState: domain.emptyState)
        let path = snapshotPath(directory)
        guard let file = try POSIXFile.openIfExists(path, O_RDONLY) else {
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

    /// Applies the journal entries that continue `loaded.snapshot`.
    private static func replayJournal<Domain: PlaybookDomain>(
        directory: String, domain: Domain, into loaded: inout Loaded<Domain.State>
    ) throws {
        guard let file = try POSIXFile.openIfExists(journalPath(directory), O_RDONLY) else { return }
        defer { file.close() }
        let journal = try file.read(count: try file.size(), at: 0)
        let decoder = JSONDecoder()
        var offset = 0
        while let newline = journal[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            guard let header = try? decoder.decode(JournalHeader.self, from: journal[offset..<newline]),
                header.bytes >= 0, journal.count - (newline + 1) >= header.bytes
            else { break }
            let end = newline + 1 + header.bytes
            if header.fromLine + header.lines <= loaded.snapshot.lineCount {
                offset = end  // already in the snapshot (a compaction stopped before emptying the journal)
                continue
            }
            guard header.fromLine == loaded.snapshot.lineCount else { break }
            var snapshot = loaded.snapshot
            loaded.snapshot.state = domain.emptyState  // keeps `snapshot.state` uniquely referenced
            _ = domain.apply(
                lines: journal[(newline + 1)..<end], to: &snapshot.state,
                highWaterMarks: &snapshot.highWaterMarks, linesBefore: header.fromLine)
            snapshot.lineCount += header.lines
            snapshot.revision = header.revision
            snapshot.cursor = header.cursor
            loaded.snapshot = snapshot
            loaded.journalLines += header.lines
            offset = end
        }
        loaded.journalLength = offset
    }

    /// Writes one entry at `offset` of the journal, cuts anything after it, and fsyncs;
    /// returns the journal's new length.
    static func appendEntry(directory: String, at offset: Int, header: JournalHeader, lines: Data) throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var entry = try encoder.encode(header)
        entry.append(UInt8(ascii: "\n"))
        entry.append(lines)
        let path = journalPath(directory)
        let created = try POSIXFile.openIfExists(path, O_RDONLY).map { $0.close() } == nil
        if created { try POSIXFile.makeDirectories(directory) }
        let file = try POSIXFile.open(path, O_WRONLY | O_CREAT)
        defer { file.close() }
        try file.write(entry, at: offset)
        try file.truncate(to: offset + entry.count)
        try file.sync()
        if created { try POSIXFile.syncDirectory(directory) }
        return offset + entry.count
    }

    /// Replaces the snapshot atomically, then empties the journal; returns the snapshot's size.
    static func writeSnapshot<Domain: PlaybookDomain>(
        directory: String, _ snapshot: PlaybookSnapshot<Domain.State>, domain: Domain
    ) throws -> Int {
        let data = try PlaybookSnapshotFile.encode(snapshot, domain: domain)
        try POSIXFile.makeDirectories(directory)
        try POSIXFile.replaceAtomically(snapshotPath(directory), with: data, directory: directory)
        if let journal = try POSIXFile.openIfExists(journalPath(directory), O_WRONLY) {
            defer { journal.close() }
            try journal.truncate(to: 0)
            try journal.sync()
        }
        return data.count
    }
}
