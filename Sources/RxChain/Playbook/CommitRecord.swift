import Foundation

/// The directory remote's commit point: the sidecar `<playbook>.commit` that says how
/// many bytes of the playbook are committed, at which generation.
///
/// Only a writer holding the lock replaces it, atomically (temporary file, fsync,
/// rename, directory fsync) and only after the lines it covers are on disk; readers
/// read the playbook up to `length` and never further. A generation-0 record is made
/// before the first line is written, so a crash in the first append leaves "committed:
/// 0 bytes" rather than no record at all.
struct CommitRecord: Codable, Equatable {
    /// Random, chosen when the record is first made: revisions stay unique even if the
    /// record is ever deleted and made again.
    var epoch: String
    /// Counts successful appends; 0 until the first append commits.
    var generation: UInt64
    /// The committed length of the playbook in bytes (always at a line end).
    var length: Int

    /// A fresh record covering `length` bytes that no append has committed on top of yet.
    static func fresh(length: Int) -> CommitRecord {
        CommitRecord(epoch: String(UInt64.random(in: .min ... .max), radix: 16), generation: 0, length: length)
    }

    /// The revision readers see: a generation-0 record reads like the bare file it covers.
    var revision: Revision {
        generation == 0
            ? CommitRecord.unversionedRevision(length: length) : Revision("\(epoch)-\(generation)-\(length)")
    }

    /// The revision of a playbook with no commit record: ``Revision/noPlaybook`` when it
    /// has no complete line, otherwise one named after its length of complete lines.
    static func unversionedRevision(length: Int) -> Revision {
        length == 0 ? .noPlaybook : Revision("unversioned-\(length)")
    }

    /// Reads the record at `path`, or `nil` when there is none.
    static func load(_ path: String) throws -> CommitRecord? {
        guard let file = try POSIXFile.openIfExists(path, O_RDONLY) else { return nil }
        defer { file.close() }
        let data = try file.read(count: try file.size(), at: 0)
        let record: CommitRecord
        do {
            record = try JSONDecoder().decode(CommitRecord.self, from: data)
        } catch {
            let text = String(decoding: data.prefix(80), as: UTF8.self)
            throw PlaybookRemoteError.corruptCommitRecord(location: path, reason: "not a commit record: '\(text)'")
        }
        guard record.length >= 0, !record.epoch.isEmpty else {
            throw PlaybookRemoteError.corruptCommitRecord(
                location: path, reason: "length \(record.length), epoch '\(record.epoch)'")
        }
        return record
    }

    /// Replaces the record at `path` atomically and durably.
    func publish(to path: String, directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try POSIXFile.replaceAtomically(path, with: try encoder.encode(self), directory: directory)
    }
}
