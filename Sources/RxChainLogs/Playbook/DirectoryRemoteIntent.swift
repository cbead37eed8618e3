import Foundation
import RxChainSystem

/// A writer's note, made durable before it writes a line: "on top of the commit
/// `(epoch, generation, offset)` I am appending exactly these bytes". Kept in
/// `<playbook>.intent`.
///
/// It is how the remote tells its own uncommitted bytes from another program's. Bytes
/// past the committed length that are a prefix of the intent's lines, on top of the very
/// commit the intent names, are this remote's append — in progress, torn by a crash, or
/// failed — and are never committed as they stand: the next lock holder cuts them. Any
/// other bytes there were written by someone else. A prefix cannot be checked against a
/// digest, so the intent holds the lines themselves; its CRC-32 only tells a whole intent
/// from one torn while it was written.
///
/// On disk: one JSON header line, then the lines.
///
/// ```
/// {"crc32":1234567890,"epoch":"9f3c…","generation":12,"length":57,"offset":4096}
/// {"type":"transactions/put",…}
/// ```
///
/// An intent lives only while its append has not committed: the writer removes it right
/// after publishing the commit record, so committed lines are never taken for an append
/// that died, whatever happens to the record later.
///
/// The file is overwritten in place (write, cut to size, fsync); a reader that catches it
/// half-written, or a crash that leaves it so, sees no intent (``load(_:)`` returns `nil`).
/// Since lines are written only after their intent is on disk, "no intent" never hides
/// bytes of this remote's own.
package struct DirectoryRemoteIntent: Equatable {
    /// The epoch of the commit record the append builds on.
    package var epoch: String
    /// The generation of the commit record the append builds on.
    package var generation: UInt64
    /// Where the lines go: the committed length of that record.
    package var offset: Int
    /// The lines, exactly as they are written.
    package var lines: Data

    /// The intent to append `lines` on top of `record`.
    package init(appending lines: Data, onTopOf record: CommitRecord) {
        self.init(epoch: record.epoch, generation: record.generation, offset: record.length, lines: lines)
    }

    package init(epoch: String, generation: UInt64, offset: Int, lines: Data) {
        self.epoch = epoch
        self.generation = generation
        self.offset = offset
        self.lines = lines
    }

    /// Whether the intent builds on exactly `record` (an intent on top of an older or newer commit says nothing).
    package func builds(on record: CommitRecord) -> Bool {
        epoch == record.epoch && generation == record.generation && offset == record.length
    }

    /// Whether `tail`, the bytes found right after the committed length, is a prefix of
    /// the intent's lines (all of them, or a torn part): bytes this remote wrote.
    package func explains(_ tail: Data) -> Bool {
        tail.count <= lines.count && lines.prefix(tail.count) == tail
    }

    private struct Header: Codable {
        package var crc32: UInt32
        package var epoch: String
        package var generation: UInt64
        package var length: Int
        package var offset: Int
    }

    /// The intent at `path`, or `nil` when there is none or it is not a whole intent.
    ///
    /// - Throws: a ``PlaybookRemoteError`` when the file cannot be read at all.
    package static func load(_ path: String) throws -> DirectoryRemoteIntent? {
        guard let data = try PlaybookFile.contentsIfExists(path, operation: "read the append intent"),
            let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline])
        else { return nil }
        let lines = data[(newline + 1)...]
        guard lines.count == header.length, CRC32.checksum(lines) == header.crc32 else { return nil }
        return DirectoryRemoteIntent(
            epoch: header.epoch, generation: header.generation, offset: header.offset, lines: Data(lines))
    }

    /// Writes the intent to `path` in place and fsyncs it (and `directory`, when the file is new).
    package func write(to path: String, directory: String) throws {
        let header = Header(
            crc32: CRC32.checksum(lines), epoch: epoch, generation: generation, length: lines.count, offset: offset)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(header)
        data.append(UInt8(ascii: "\n"))
        data.append(lines)
        let (file, created) = try PlaybookFile.openCreating(path, .writeOnly)
        defer { file.close() }
        try file.write(data, at: 0)
        try file.truncate(to: data.count)
        try file.sync()
        if created { try PlaybookFile.syncDirectory(directory) }
    }
}
