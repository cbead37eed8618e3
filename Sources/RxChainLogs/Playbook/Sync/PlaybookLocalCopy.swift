import Foundation

/// The device's copy of the playbook text (`playbook.copy` beside the local file), kept
/// only for remotes whose ``PlaybookRemote/needsLocalCopy`` is `true`: an append to them
/// uploads the whole playbook.
///
/// The copy holds the bytes of the lines the snapshot was built from, in order. It is
/// written *after* the local file, so after a crash it holds at most the snapshot's lines
/// (the last write may be missing or torn), and more only when the local file's write
/// failed. Before its first use (the transport's first sync step):
/// - more complete lines than the snapshot, or a torn tail: cut back to the snapshot's
///   `lineCount` lines;
/// - fewer lines: the copy cannot be trusted and the device reads the playbook again
///   from its start (``load(directory:lineCount:)`` returns `nil`).
///
/// A snapshot that is reset (another location, a replaced playbook) empties the copy
/// before anything new is written, so a copy never mixes two playbooks.
///
/// Blocking: every function here does file I/O; call them on a dedicated queue.
enum PlaybookLocalCopy {
    static func path(_ directory: String) -> String { directory + "/playbook.copy" }

    /// The copy's first `lineCount` complete lines, cutting anything after them from the
    /// file; `nil` when the file holds fewer (a missing file holds none).
    package static func load(directory: String, lineCount: Int) throws -> Data? {
        guard let file = try PlaybookFile.openIfExists(path(directory), .readWrite) else {
            return lineCount == 0 ? Data() : nil
        }
        defer { file.close() }
        let bytes = try file.read(count: try file.size(), at: 0)
        guard let length = prefixLength(of: bytes, lines: lineCount) else { return nil }
        if length < bytes.count {
            try file.truncate(to: length)
            try file.sync()
        }
        return bytes.prefix(length)
    }

    /// Writes `bytes` (the copy's tail, from byte `offset`), cuts anything after them and fsyncs.
    package static func write(directory: String, _ bytes: Data, at offset: Int) throws {
        let created = try PlaybookFile.openIfExists(path(directory), .readOnly).map { $0.close() } == nil
        if created { try PlaybookFile.makeDirectories(directory) }
        let file = try PlaybookFile.open(path(directory), .writeOnly, .create)
        defer { file.close() }
        if !bytes.isEmpty { try file.write(bytes, at: offset) }
        try file.truncate(to: offset + bytes.count)
        try file.sync()
        if created { try PlaybookFile.syncDirectory(directory) }
    }

    /// Empties the copy (if there is one) and fsyncs.
    static func empty(directory: String) throws {
        guard let file = try PlaybookFile.openIfExists(path(directory), .writeOnly) else { return }
        defer { file.close() }
        try file.truncate(to: 0)
        try file.sync()
    }

    /// The length of the first `lines` complete lines of `bytes`, or `nil` when it has fewer.
    static func prefixLength(of bytes: Data, lines: Int) -> Int? {
        guard lines > 0 else { return 0 }
        var found = 0
        var index = bytes.startIndex
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            found += 1
            index = newline + 1
            if found == lines { return index - bytes.startIndex }
        }
        return nil
    }
}
