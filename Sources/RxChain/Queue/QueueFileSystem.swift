import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls the queue makes, each retried on `EINTR` and turned into a ``SyncQueueError/io(operation:path:errno:)``.
///
/// > Important: These block. Only the queue's writer thread (and read-only inspection)
/// > calls them, never a task on the Swift concurrency pool.
enum QueueFileSystem {
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(SyncQueueError) -> Int32 {
        while true {
            let fd = posixOpen(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw .io(operation: "open", path: path, errno: errno) }
        }
    }

    /// Writes all of `bytes`, continuing after short writes.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(SyncQueueError) {
        var offset = 0
        while offset < bytes.count {
            let written = posixWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                throw .io(operation: "write", path: path, errno: written < 0 ? errno : EIO)
            }
        }
    }

    static func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SyncQueueError) {
        let result: Result<Void, SyncQueueError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(SyncQueueError) in try write(fd, buffer, path: path) }
        }
        try result.get()
    }

    static func fsync(_ fd: Int32, path: String) throws(SyncQueueError) {
        while posixFsync(fd) != 0 {
            if errno != EINTR { throw .io(operation: "fsync", path: path, errno: errno) }
        }
    }

    /// Makes a directory entry change (create, rename, unlink) durable.
    static func fsyncDirectory(_ path: String) throws(SyncQueueError) {
        let fd = try open(path, O_RDONLY | O_DIRECTORY)
        defer { _ = posixClose(fd) }
        try fsync(fd, path: path)
    }

    static func truncate(_ fd: Int32, to length: Int, path: String) throws(SyncQueueError) {
        while ftruncate(fd, off_t(length)) != 0 {
            if errno != EINTR { throw .io(operation: "ftruncate", path: path, errno: errno) }
        }
    }

    static func rename(_ from: String, to: String) throws(SyncQueueError) {
        if posixRename(from, to) != 0 { throw .io(operation: "rename to \(to)", path: from, errno: errno) }
    }

    /// Removes `path` if it exists; returns whether it did.
    static func unlinkIfPresent(_ path: String) throws(SyncQueueError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .io(operation: "unlink", path: path, errno: errno)
    }

    static func createDirectory(_ path: String) throws(SyncQueueError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io(operation: "mkdir", path: path, errno: errno == 0 ? EIO : errno)
        }
    }

    /// The whole file, or nil when it does not exist.
    static func readAll(_ path: String) throws(SyncQueueError) -> [UInt8]? {
        let fd: Int32
        do throws(SyncQueueError) {
            fd = try open(path, O_RDONLY)
        } catch .io(_, _, ENOENT) {
            return nil
        }
        defer { _ = posixClose(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                result.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return result
            } else if errno != EINTR {
                throw .io(operation: "read", path: path, errno: errno)
            }
        }
    }

    /// Writes `bytes` to a new file at `path` durably: temp file, fsync, rename, fsync of the directory.
    static func writeFileDurably(_ bytes: [UInt8], to path: String, directory: String) throws(SyncQueueError) {
        let temporary = path + ".tmp"
        let fd = try open(temporary, O_WRONLY | O_CREAT | O_TRUNC)
        defer { _ = posixClose(fd) }
        try write(fd, bytes, path: temporary)
        try fsync(fd, path: temporary)
        try rename(temporary, to: path)
        try fsyncDirectory(directory)
    }

    static func close(_ fd: Int32) {
        _ = posixClose(fd)
    }
}

// File-scope wrappers: inside `QueueFileSystem`, `open`, `write`, `fsync`, `close` and
// `rename` name its own methods. Written once here, so the calls compile on Glibc and Darwin.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
private func posixFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
