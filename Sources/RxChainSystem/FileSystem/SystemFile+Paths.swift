import Foundation

extension SystemFile {
    /// The whole contents of `path`, or `nil` when it does not exist.
    ///
    /// Only a missing file (`ENOENT`) is `nil`; anything else that stops the read (access
    /// denied, a directory in its place, an I/O error) throws, with `operation` naming it.
    package static func contentsIfExists(_ path: String, operation: String) throws(Failure) -> Data? {
        guard let file = try openIfExists(path, .readOnly, operation: operation) else { return nil }
        defer { file.close() }
        let status = try file.status(operation: operation)
        guard status.isRegularFile else {
            throw .systemCall(
                operation, failedOn: path, errno: status.isDirectory ? Errno.isDirectory : Errno.invalidArgument)
        }
        return try file.read(count: status.size, at: 0)
    }

    /// Replaces `path` with `bytes` atomically and durably: write a temporary file beside it
    /// (`path` + `.tmp`, created with `mode`), fsync it, rename it over `path`, fsync `directory`.
    ///
    /// A secret passes `mode: 0o600`; the temporary file is removed first, so an old one with
    /// wider permissions is never reused.
    package static func replaceAtomically(
        _ path: String, with bytes: Data, directory: String, mode: UInt32 = 0o644
    ) throws(Failure) {
        let temporary = path + ".tmp"
        if mode != 0o644 { _ = try removeIfPresent(temporary) }
        let file = try open(temporary, .writeOnly, [.create, .truncate], mode: mode)
        do throws(Failure) {
            try file.write(bytes, at: 0)
            try file.sync()
            file.close()
        } catch {
            file.close()
            throw error
        }
        try rename(temporary, to: path)
        try syncDirectory(directory)
    }

    /// Flushes a directory's entries (new names, renames, removals) to stable storage.
    package static func syncDirectory(_ path: String) throws(Failure) {
        let directory = try open(path, .readOnly, .directory)
        defer { directory.close() }
        try directory.sync()
    }

    /// Creates `path` and any missing parent directories, each durably (its parent is fsynced),
    /// new ones with `mode` (less the umask).
    package static func makeDirectories(_ path: String, mode: UInt32 = 0o755) throws(Failure) {
        if FileStatus(path: path) != nil { return }
        var parent = "/"
        for component in path.split(separator: "/") {
            let directory = (parent == "/" ? "" : parent) + "/" + component
            if systemMkdir(directory, mode: mode) == 0 {
                try syncDirectory(parent)
            } else if systemErrno != Errno.fileExists {
                throw .systemCall("create directory", failedOn: directory, errno: systemErrno)
            }
            parent = directory
        }
    }

    /// Renames `from` to `to`, replacing `to` atomically (not durable until the directory is synced).
    package static func rename(_ from: String, to: String) throws(Failure) {
        if systemRename(from, to) != 0 { throw .systemCall("rename to \(to)", failedOn: from, errno: systemErrno) }
    }

    /// Removes `path` if it exists; returns whether it did (not durable until the directory is synced).
    package static func removeIfPresent(_ path: String) throws(Failure) -> Bool {
        if systemUnlink(path) == 0 { return true }
        let code = systemErrno
        if code == Errno.noSuchFileOrDirectory { return false }
        throw .systemCall("unlink", failedOn: path, errno: code)
    }
}

extension SystemFile {
    /// The whole file, read with `read` to its end, or `nil` when it does not exist.
    package static func readAllIfExists(_ path: String) throws(Failure) -> [UInt8]? {
        guard let file = try openIfExists(path, .readOnly) else { return nil }
        defer { file.close() }
        return try file.readToEnd()
    }
}
