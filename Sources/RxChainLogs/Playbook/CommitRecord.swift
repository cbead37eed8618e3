import Foundation

/// The directory remote's commit point: the sidecar `<playbook>.commit` that says how
/// many bytes of the playbook are committed, at which generation.
///
/// ```json
/// {"epoch":"9f3c…","generation":12,"length":4096}
/// ```
///
/// Only a holder of the lock replaces it, atomically (temporary file, fsync, rename,
/// directory fsync), and only after the lines it covers are on disk; readers read the
/// playbook up to `length` and never further. A generation-0 record is made before the
/// first line is written, so a crash in the first append leaves "committed: 0 bytes"
/// rather than no record at all.
///
/// Every record a lock holder publishes names a revision the playbook never had: the
/// next generation of the same epoch after an append or an adoption of lines another
/// program wrote, a new random epoch when the record is first made or repaired.
package struct CommitRecord: Codable, Equatable {
    /// Random, chosen when the record is first made or repaired: revisions stay unique
    /// even if the record is ever deleted and made again.
    package var epoch: String
    /// Counts commits (appends and adoptions) in this epoch; 0 until the first one.
    package var generation: UInt64
    /// The committed length of the playbook in bytes (always at a line end).
    package var length: Int
    /// Why this record replaced one that did not fit the playbook; absent unless a repair made it.
    package var repaired: String?

    /// What ``load(_:)`` found at the record's path.
    package enum Loaded {
        /// There is no record.
        case missing
        /// A well-formed record and its bytes.
        case valid(CommitRecord, bytes: Data)
        /// A file that is not a record (`reason` says why); its bytes are kept for quarantine.
        case corrupt(reason: String, bytes: Data)
    }

    /// A fresh record, in a new epoch, covering `length` bytes.
    package static func fresh(length: Int, generation: UInt64 = 0, repaired: String? = nil) -> CommitRecord {
        CommitRecord(
            epoch: String(UInt64.random(in: .min ... .max), radix: 16), generation: generation, length: length,
            repaired: repaired)
    }

    /// The record that commits `length` bytes on top of this one: the next generation of
    /// the same epoch, or generation 1 of a new epoch if the generation would overflow.
    package func advanced(to length: Int) -> CommitRecord {
        guard generation < .max else { return .fresh(length: length, generation: 1) }
        return CommitRecord(epoch: epoch, generation: generation + 1, length: length)
    }

    /// The revision readers see: a generation-0 record reads like the bare file it covers.
    package var revision: Revision {
        generation == 0
            ? CommitRecord.unversionedRevision(length: length) : Revision("\(epoch)-\(generation)-\(length)")
    }

    /// The revision of a playbook with no commit record: ``Revision/noPlaybook`` when it
    /// has no complete line, otherwise one named after its length of complete lines.
    package static func unversionedRevision(length: Int) -> Revision {
        length == 0 ? .noPlaybook : Revision("unversioned-\(length)")
    }

    /// Reads the record at `path`.
    ///
    /// - Returns: ``Loaded/missing`` when there is no file, ``Loaded/corrupt(reason:bytes:)``
    ///   when its bytes are not a record (not JSON, a negative length, an empty epoch).
    /// - Throws: a ``PlaybookRemoteError`` when the file cannot be read at all (access
    ///   denied, an I/O error): that needs a person, not a repair.
    package static func load(_ path: String) throws -> Loaded {
        guard let data = try PlaybookFile.contentsIfExists(path, operation: "read the commit record") else {
            return .missing
        }
        let record: CommitRecord
        do {
            record = try JSONDecoder().decode(CommitRecord.self, from: data)
        } catch {
            let text = String(decoding: data.prefix(80), as: UTF8.self)
            return .corrupt(reason: "not a commit record: '\(text)'", bytes: data)
        }
        guard record.length >= 0, !record.epoch.isEmpty else {
            return .corrupt(reason: "length \(record.length), epoch '\(record.epoch)'", bytes: data)
        }
        return .valid(record, bytes: data)
    }

    /// Replaces the record at `path` atomically and durably.
    package func publish(to path: String, directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try PlaybookFile.replaceAtomically(path, with: try encoder.encode(self), directory: directory)
    }
}
