import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor with the few blocking POSIX calls the directory remote needs.
///
/// Every call retries on `EINTR`, loops over short reads and writes, and turns a
/// failure into a ``PlaybookRemoteError`` naming the path and the operation.
/// Blocking: call only from a dedicated thread or queue, never from the concurrency pool.
package struct POSIXFile {
    let descriptor: Int32
    let path: String

    /// Opens `path`; `O_CLOEXEC` is always added.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws -> POSIXFile {
        guard let file = try openIfExists(path, flags, mode: mode) else {
            throw PlaybookRemoteError.notFound(location: path)
        }
        return file
    }

    /// Opens `path`, creating it if it does not exist, and says whether this call created it
    /// (`O_CREAT | O_EXCL` first, so two processes never both believe they made the file).
    /// The caller fsyncs the directory when `created` is `true`.
    static func openCreating(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws -> (
        file: POSIXFile, created: Bool
    ) {
        while true {
            let descriptor = systemOpen(path, flags | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 { return (POSIXFile(descriptor: descriptor, path: path), true) }
            let code = errno
            if code == EINTR { continue }
            guard code == EEXIST else { throw PlaybookRemoteError.posix(code, "create", path) }
            // Someone else made it first: open theirs (it may vanish again; then try to create it once more).
            if let file = try openIfExists(path, flags, mode: mode) { return (file, false) }
        }
    }

    /// Opens `path`, or returns `nil` when it does not exist; a failure names `operation`.
    static func openIfExists(_ path: String, _ flags: Int32, mode: mode_t = 0o644, operation: String = "open") throws
        -> POSIXFile?
    {
        while true {
            let descriptor = systemOpen(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return POSIXFile(descriptor: descriptor, path: path) }
            let code = errno
            if code == EINTR { continue }
            if code == ENOENT { return nil }
            throw PlaybookRemoteError.posix(code, operation, path)
        }
    }

    /// The whole contents of `path`, or `nil` when it does not exist.
    ///
    /// Only a missing file (`ENOENT`) is `nil`; anything else that stops the read — access
    /// denied, a directory in its place, an I/O error — throws a ``PlaybookRemoteError``
    /// naming `path` and the cause, with `purpose` as the operation.
    package static func contentsIfExists(_ path: String, purpose: String) throws -> Data? {
        guard let file = try openIfExists(path, O_RDONLY, operation: purpose) else { return nil }
        defer { file.close() }
        var status = stat()
        guard fstat(file.descriptor, &status) == 0 else { throw PlaybookRemoteError.posix(errno, purpose, path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw PlaybookRemoteError.io(
                location: path, operation: purpose, errno: status.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL)
        }
        return try file.read(count: Int(status.st_size), at: 0)
    }

    func close() {
        _ = systemClose(descriptor)
    }

    /// The file's size in bytes.
    func size() throws -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw PlaybookRemoteError.posix(errno, "stat", path) }
        return Int(status.st_size)
    }

    /// Up to `count` bytes from `offset` (fewer only at the end of the file).
    func read(count: Int, at offset: Int) throws -> Data {
        var data = Data(count: count)
        var done = 0
        try data.withUnsafeMutableBytes { buffer in
            while done < count {
                let result = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if result > 0 {
                    done += result
                } else if result == 0 {
                    break
                } else if errno != EINTR {
                    throw PlaybookRemoteError.posix(errno, "read", path)
                }
            }
        }
        data.count = done
        return data
    }

    /// Writes all of `data` at `offset`.
    func write(_ data: Data, at offset: Int) throws {
        var done = 0
        try data.withUnsafeBytes { buffer in
            while done < buffer.count {
                let result = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if result > 0 {
                    done += result
                } else if result == 0 {
                    // A regular file never takes 0 of a non-empty write; looping on it would never end.
                    throw PlaybookRemoteError.io(location: path, operation: "write", errno: EIO)
                } else if errno != EINTR {
                    throw PlaybookRemoteError.posix(errno, "write", path)
                }
            }
        }
    }

    /// Where the bytes of ``append(_:landed:)`` went.
    struct Placement: Equatable {
        /// The offset of the first byte written.
        var start: Int
        /// The offset just after the last byte written.
        var end: Int
        /// Whether every piece landed right after the previous one (`false`: another
        /// writer's bytes came between two pieces of a write the kernel split).
        var isContiguous: Bool
    }

    /// Writes all of `data` at the end of a file opened with `O_APPEND`, and reports in
    /// `landed` where it went — also when it throws part-way.
    ///
    /// Each piece goes at the end of the file as it is at that instant, atomically with
    /// respect to other writers of the file, so this never writes over bytes another
    /// program appended meanwhile (a positioned `pwrite` at a length read earlier would);
    /// the caller compares `landed` with where it expected the bytes.
    func append(_ data: Data, landed: inout Placement?) throws {
        try data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if result < 0 {
                    guard errno == EINTR else { throw PlaybookRemoteError.posix(errno, "write", path) }
                    continue
                }
                // A regular file never takes 0 of a non-empty write; looping on it would never end.
                guard result > 0 else { throw PlaybookRemoteError.io(location: path, operation: "write", errno: EIO) }
                let end = Int(lseek(descriptor, 0, SEEK_CUR))
                guard end >= result else { throw PlaybookRemoteError.posix(errno, "find the end of", path) }
                let start = end - result
                if var placement = landed {
                    placement.isContiguous = placement.isContiguous && start == placement.end
                    placement.end = end
                    landed = placement
                } else {
                    landed = Placement(start: start, end: end, isContiguous: true)
                }
                done += result
            }
        }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws {
        while ftruncate(descriptor, off_t(length)) != 0 {
            guard errno == EINTR else { throw PlaybookRemoteError.posix(errno, "truncate", path) }
        }
    }

    /// Flushes the file's data and metadata to stable storage.
    func sync() throws {
        while fsync(descriptor) != 0 {
            guard errno == EINTR else { throw PlaybookRemoteError.posix(errno, "fsync", path) }
        }
    }

    /// The length of the longest prefix of the first `size` bytes that ends in `"\n"`.
    func completeLinesLength(size: Int) throws -> Int {
        let block = 4096
        var end = size
        while end > 0 {
            let start = max(0, end - block)
            let bytes = try read(count: end - start, at: start)
            if let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) {
                return start + (newline - bytes.startIndex) + 1
            }
            end = start
        }
        return 0
    }

    /// Replaces `path` with `data` atomically and durably: write a temporary file beside
    /// it, fsync, rename over `path`, fsync the directory.
    package static func replaceAtomically(_ path: String, with data: Data, directory: String) throws {
        let temporary = path + ".tmp"
        let file = try open(temporary, O_WRONLY | O_CREAT | O_TRUNC)
        do {
            try file.write(data, at: 0)
            try file.sync()
            file.close()
        } catch {
            file.close()
            throw error
        }
        guard rename(temporary, path) == 0 else {
            throw PlaybookRemoteError.posix(errno, "rename to \(path)", temporary)
        }
        try syncDirectory(directory)
    }

    /// Flushes a directory's entries (new names, renames) to stable storage.
    static func syncDirectory(_ path: String) throws {
        let directory = try open(path, O_RDONLY | O_DIRECTORY)
        defer { directory.close() }
        try directory.sync()
    }

    /// Creates `path` and any missing parent directories, each durably (its parent is fsynced).
    ///
    /// For a device's own directories only: a remote never creates the directories of a
    /// playbook (a missing one is most often a share that is not mounted).
    static func makeDirectories(_ path: String) throws {
        var status = stat()
        if stat(path, &status) == 0 { return }
        var parent = "/"
        for component in path.split(separator: "/") {
            let directory = (parent == "/" ? "" : parent) + "/" + component
            if mkdir(directory, 0o755) == 0 {
                try syncDirectory(parent)
            } else if errno != EEXIST {
                throw PlaybookRemoteError.posix(errno, "create directory", directory)
            }
            parent = directory
        }
    }
}

// File-scope wrappers: inside `POSIXFile`, `open` and `close` name its own methods.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
