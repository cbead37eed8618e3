import Foundation
import RxChainSystem

extension DirectoryRemoteStorage {
    /// Appends `lines` under the lock if the committed revision is still `expected`.
    ///
    /// Order of effects, each durable before the next: the playbook settled
    /// (``settle(_:)``: a bad record repaired, our own torn tail cut, another program's
    /// complete lines adopted); on the first append, a generation-0 record and then the
    /// playbook file itself; the intent; the lines, at the end of the file; the new
    /// record. A crash anywhere leaves the previous commit intact and the next lock holder
    /// cuts what the intent explains.
    ///
    /// - Returns: ``AppendOutcome/conflict(current:)`` when the revision moved, also when
    ///   it moved because lines another program wrote were adopted just now, or when such
    ///   lines arrived while this append was writing: the caller's lines are never
    ///   committed after lines it has not read.
    /// - Throws: ``PlaybookRemoteError/missingDirectory(_:)`` when the playbook's directory
    ///   does not exist (it is never created);
    ///   ``PlaybookRemoteError/incompleteLine(location:offset:)`` when the playbook ends
    ///   in an incomplete line another program wrote; any failure to write or fsync, after
    ///   which the lines are not committed (and are cut when they can be told apart).
    func append(_ lines: Data, expecting expected: Revision) throws -> AppendOutcome {
        guard !lines.isEmpty else {
            throw PlaybookRemoteError.invalidLines(location: location, reason: "no lines given")
        }
        guard lines.last == UInt8(ascii: "\n") else {
            throw PlaybookRemoteError.invalidLines(
                location: location, reason: "the last line does not end in a newline (\"\\n\")")
        }
        try requireDirectory()
        let lock = try lock()
        defer { lock.release() }

        var opened = try PlaybookFile.openIfExists(playbookPath, .readWrite, .append)
        defer { opened?.close() }
        let settled = try settle(opened)
        if let offset = settled.incompleteLineAt {
            throw PlaybookRemoteError.incompleteLine(location: playbookPath, offset: offset)
        }
        guard settled.snapshot.revision == expected else { return .conflict(current: settled.snapshot.revision) }
        let record: CommitRecord
        if let existing = settled.snapshot.record {
            record = existing
        } else {
            record = .fresh(length: settled.snapshot.length)
            try record.publish(to: commitPath, directory: directoryPath)
        }
        let file: PlaybookFile
        if let opened {
            file = opened
        } else {
            let (created, isNew) = try PlaybookFile.openCreating(playbookPath, .readWrite, .append)
            opened = created
            file = created
            if isNew { try PlaybookFile.syncDirectory(directoryPath) }
        }

        try DirectoryRemoteIntent(appending: lines, onTopOf: record).write(to: intentPath, directory: directoryPath)
        var landed: PlaybookFile.Placement?
        do {
            try file.append(lines, landed: &landed)
        } catch {
            discard(landed, from: file)
            throw error
        }
        guard
            landed == PlaybookFile.Placement(start: record.length, end: record.length + lines.count, isContiguous: true)
        else {
            // Another program appended between the settling and the write: our lines landed after theirs.
            discard(landed, from: file)
            let now = try settle(file)
            if let offset = now.incompleteLineAt {
                throw PlaybookRemoteError.incompleteLine(location: playbookPath, offset: offset)
            }
            return .conflict(current: now.snapshot.revision)
        }
        do {
            try file.sync()
        } catch {
            // Never retried: after a failed fsync the kernel may have dropped the pages, and a
            // second fsync would report success for data that is not on disk.
            discard(landed, from: file)
            throw error
        }
        let committed = record.advanced(to: record.length + lines.count)
        try committed.publish(to: commitPath, directory: directoryPath)
        retireIntent()
        return .committed(revision: committed.revision, cursor: Self.cursor(at: committed.length))
    }

    /// Cuts this append's bytes after a failure, when they are the end of the file and in
    /// one piece; otherwise leaves them (cutting could take another program's bytes with
    /// them). Either way they are never committed as this append: bytes at the committed
    /// length are cut by the next lock holder, whom the intent tells they are ours.
    private func discard(_ landed: PlaybookFile.Placement?, from file: PlaybookFile) {
        guard let landed, landed.isContiguous, (try? file.size()) == landed.end else { return }
        try? file.truncate(to: landed.start)
    }

    /// Removes the intent once its lines are committed: from then on they are committed lines,
    /// and an intent left behind would call them ours to cut should the commit record ever
    /// go back to the version the intent builds on (a record restored from a backup).
    ///
    /// Not fsynced, and a failure is not an error: an intent that outlives its commit (a crash
    /// right after the record was published) builds on an older record than the current one,
    /// so ``settle(_:)`` ignores it; only a record put back by hand within that window could
    /// meet it again.
    private func retireIntent() {
        _ = try? PlaybookFile.removeIfPresent(intentPath)
    }
}
