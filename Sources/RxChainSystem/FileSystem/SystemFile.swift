import Foundation

/// An open file descriptor with the blocking POSIX calls RxChain makes, each retried on
/// `EINTR` and looped over short reads and writes, every failure thrown as a `Failure`
/// naming the path, the operation and `errno`.
///
/// `O_CLOEXEC` is always set. A failed ``sync()`` is thrown, never retried: after a failed
/// `fsync` the kernel may have dropped the dirty pages, and a second `fsync` would report
/// success for data that is not on disk. Only `EINTR`, which did nothing, is retried.
///
/// > Important: Every call blocks. Call them only from a dedicated thread or queue, never
/// > from a task on the Swift concurrency pool.
package struct SystemFile<Failure: SystemCallError> {
    package let descriptor: Int32
    package let path: String

    /// Opens `path`; a failure (also a missing file) names `operation`.
    package static func open(
        _ path: String, _ access: FileAccess, _ options: FileOpenOptions = [], mode: UInt32 = 0o644,
        operation: String = "open"
    ) throws(Failure) -> SystemFile {
        do throws(OpenFailure) {
            return try openReportingErrno(path, access, options, mode: mode)
        } catch {
            throw .systemCall(operation, failedOn: path, errno: error.errno)
        }
    }

    /// Opens `path`, or returns `nil` when it does not exist; a failure names `operation`.
    package static func openIfExists(
        _ path: String, _ access: FileAccess, _ options: FileOpenOptions = [], operation: String = "open"
    ) throws(Failure) -> SystemFile? {
        do throws(OpenFailure) {
            return try openReportingErrno(path, access, options)
        } catch let failure where failure.errno == Errno.noSuchFileOrDirectory {
            return nil
        } catch {
            throw .systemCall(operation, failedOn: path, errno: error.errno)
        }
    }

    /// Opens `path`, creating it if it does not exist, and says whether this call created it
    /// (`O_CREAT | O_EXCL` first, so two processes never both believe they made the file).
    /// The caller fsyncs the directory when `created` is `true`.
    package static func openCreating(_ path: String, _ access: FileAccess, _ options: FileOpenOptions = [])
        throws(Failure) -> (
            file: SystemFile, created: Bool
        )
    {
        while true {
            do throws(OpenFailure) {
                return (try openReportingErrno(path, access, options.union([.create, .exclusive])), true)
            } catch let failure where failure.errno == Errno.fileExists {
                // Someone else made it first: open theirs (it may vanish again; then create it once more).
                if let file = try openIfExists(path, access, options) { return (file, false) }
            } catch {
                throw .systemCall("create", failedOn: path, errno: error.errno)
            }
        }
    }

    /// Closes the descriptor (an error of `close` is not reported: the data was either
    /// synced already or is not promised).
    package func close() {
        _ = systemClose(descriptor)
    }

    /// The file's size in bytes.
    package func size() throws(Failure) -> Int {
        try status().size
    }

    /// What `fstat` says about the open file.
    package func status(operation: String = "stat") throws(Failure) -> FileStatus {
        guard let status = systemStatus(descriptor) else {
            throw .systemCall(operation, failedOn: path, errno: systemErrno)
        }
        return status
    }

    /// Whether `path` names this open file (`nil` when either cannot be looked up).
    package func isSameFile(as path: String) -> Bool? {
        guard let open = systemStatus(descriptor), let named = FileStatus(path: path) else { return nil }
        return open.isSameFile(as: named)
    }

    /// Up to `count` bytes from `offset` (fewer only at the end of the file), with `pread`.
    package func read(count: Int, at offset: Int) throws(Failure) -> Data {
        var data = Data(count: count)
        var done = 0
        let result: Result<Void, Failure> = data.withUnsafeMutableBytes { buffer in
            while done < count {
                let read = systemPread(descriptor, buffer.baseAddress! + done, count - done, offset + done)
                if read > 0 {
                    done += read
                } else if read == 0 {
                    break
                } else if systemErrno != Errno.interrupted {
                    return .failure(.systemCall("read", failedOn: path, errno: systemErrno))
                }
            }
            return .success(())
        }
        try result.get()
        data.count = done
        return data
    }

    /// Reads into `buffer` from the descriptor's offset with `read`; returns how many bytes
    /// came (0 only at the end of the file, or for an empty buffer).
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let start = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = systemRead(descriptor, start, buffer.count)
            if count >= 0 { return count }
            let code = systemErrno
            if code != Errno.interrupted { throw .systemCall("read", failedOn: path, errno: code) }
        }
    }

    /// Everything from the descriptor's offset to the end of the file, read with `read` in
    /// chunks (so a file that grows meanwhile is read to its new end).
    package func readToEnd() throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read: Result<Int, Failure> = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(Failure) in try self.read(into: buffer) }
            }
            let count = try read.get()
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes all of `bytes` at `offset` with `pwrite`.
    package func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(Failure) {
        var done = 0
        while done < bytes.count {
            let written = systemPwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, offset + done)
            if written > 0 {
                done += written
            } else if written == 0 {
                // A regular file never takes 0 of a non-empty write; looping on it would never end.
                throw .systemCall("write", failedOn: path, errno: Errno.ioError)
            } else if systemErrno != Errno.interrupted {
                throw .systemCall("write", failedOn: path, errno: systemErrno)
            }
        }
    }

    /// Writes all of `data` at `offset` with `pwrite`.
    package func write(_ data: Data, at offset: Int) throws(Failure) {
        let result: Result<Void, Failure> = data.withUnsafeBytes { buffer in
            Result { () throws(Failure) in try write(buffer, at: offset) }
        }
        try result.get()
    }

    /// Writes all of `bytes` at the descriptor's offset (at the end, under ``FileOpenOptions/append``),
    /// continuing after short writes.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var done = 0
        while done < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if written > 0 {
                done += written
            } else if written < 0, systemErrno == Errno.interrupted {
                continue
            } else {
                throw .systemCall("write", failedOn: path, errno: written < 0 ? systemErrno : Errno.ioError)
            }
        }
    }

    /// Writes all of `bytes` at the descriptor's offset (at the end, under ``FileOpenOptions/append``).
    package func write(_ bytes: [UInt8]) throws(Failure) {
        let result: Result<Void, Failure> = bytes.withUnsafeBytes { buffer in
            Result { () throws(Failure) in try write(buffer) }
        }
        try result.get()
    }

    /// Cuts (or extends) the file to `length` bytes.
    package func truncate(to length: Int) throws(Failure) {
        while systemFtruncate(descriptor, length) != 0 {
            let code = systemErrno
            if code != Errno.interrupted { throw .systemCall("ftruncate", failedOn: path, errno: code) }
        }
    }

    /// Flushes the file's data and metadata to stable storage.
    ///
    /// A failure is thrown and must not be answered with another `sync()` that is then
    /// trusted: what the failed one covered may be lost although a later one succeeds.
    package func sync() throws(Failure) {
        while systemFsync(descriptor) != 0 {
            let code = systemErrno
            if code != Errno.interrupted { throw .systemCall("fsync", failedOn: path, errno: code) }
        }
    }

    /// `open`'s own failure, before it becomes a `Failure`, so that callers can tell
    /// `ENOENT` and `EEXIST` apart.
    private struct OpenFailure: Error {
        var errno: Int32
    }

    /// Opens `path` (a new file gets `mode`, 0644 unless told, less the umask).
    private static func openReportingErrno(
        _ path: String, _ access: FileAccess, _ options: FileOpenOptions, mode: UInt32 = 0o644
    ) throws(OpenFailure) -> SystemFile {
        while true {
            let descriptor = systemOpen(path, access, options, mode: mode)
            if descriptor >= 0 { return SystemFile(descriptor: descriptor, path: path) }
            let code = systemErrno
            if code != Errno.interrupted { throw OpenFailure(errno: code) }
        }
    }
}
