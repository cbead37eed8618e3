// The one file in RxChain that imports the C library. Everything else reaches the operating
// system through the names below, so the module builds the same on Linux (Glibc or Musl) and
// on Apple platforms (Darwin), and none of it counts on Foundation re-exporting the C library.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("RxChain needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

// Each wrapper is one call of the C library, named `system…` so that it never clashes with a
// method of the same name (`SystemFile.open`, `.read`, `.write`, `.close`). They return what
// the call returns; read ``systemErrno`` right after a failure, before anything else runs.

/// The calling thread's `errno`.
package var systemErrno: Int32 { errno }

/// `open(2)` with `O_CLOEXEC` always added: no descriptor leaks into a child process.
func systemOpen(_ path: String, _ access: FileAccess, _ options: FileOpenOptions, mode: UInt32) -> Int32 {
    var flags = O_CLOEXEC
    switch access {
    case .readOnly: flags |= O_RDONLY
    case .writeOnly: flags |= O_WRONLY
    case .readWrite: flags |= O_RDWR
    }
    if options.contains(.create) { flags |= O_CREAT }
    if options.contains(.exclusive) { flags |= O_EXCL }
    if options.contains(.truncate) { flags |= O_TRUNC }
    if options.contains(.append) { flags |= O_APPEND }
    if options.contains(.directory) { flags |= O_DIRECTORY }
    return open(path, flags, mode_t(mode))
}

/// `close(2)`.
package func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// `read(2)` at the descriptor's offset.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `pread(2)`: reads at `offset`, leaving the descriptor's offset alone.
func systemPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: Int) -> Int {
    pread(descriptor, buffer, count, off_t(offset))
}

/// `write(2)` at the descriptor's offset (at the end of the file, atomically, under `O_APPEND`).
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `pwrite(2)`: writes at `offset`, leaving the descriptor's offset alone.
func systemPwrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ offset: Int) -> Int {
    pwrite(descriptor, bytes, count, off_t(offset))
}

/// `lseek(fd, 0, SEEK_CUR)`: the descriptor's offset, or -1.
func systemCurrentOffset(_ descriptor: Int32) -> Int { Int(lseek(descriptor, 0, SEEK_CUR)) }

/// `ftruncate(2)`.
func systemFtruncate(_ descriptor: Int32, _ length: Int) -> Int32 { ftruncate(descriptor, off_t(length)) }

/// Flushes the file's data and metadata to stable storage: `fsync(2)`; on Apple platforms
/// `fcntl(F_FULLFSYNC)`, because their `fsync` stops at the drive's cache, with `fsync` only
/// where the file system does not support it.
func systemFsync(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        let code = errno
        guard code == ENOTSUP || code == EINVAL || code == ENOTTY else { return -1 }
    #endif
    return fsync(descriptor)
}

/// `flock(fd, LOCK_EX | LOCK_NB)`: takes the exclusive lock without waiting, or fails with
/// ``Errno/wouldBlock``.
func systemTryLockExclusive(_ descriptor: Int32) -> Int32 { flock(descriptor, LOCK_EX | LOCK_NB) }

/// `flock(fd, LOCK_UN)`.
func systemUnlock(_ descriptor: Int32) -> Int32 { flock(descriptor, LOCK_UN) }

/// `rename(2)`.
func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }

/// `unlink(2)`.
func systemUnlink(_ path: String) -> Int32 { unlink(path) }

/// `mkdir(2)`.
func systemMkdir(_ path: String, mode: UInt32) -> Int32 { mkdir(path, mode_t(mode)) }

/// `fstat(2)`: the open file's status, or `nil` (see ``systemErrno``).
func systemStatus(_ descriptor: Int32) -> FileStatus? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return FileStatus(status)
}

/// `stat(2)`: the status of the file `path` names (symbolic links followed), or `nil` (see ``systemErrno``).
func systemStatus(path: String) -> FileStatus? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileStatus(status)
}

/// `usleep(3)`: blocks the calling thread for at least `microseconds` (at least one).
func systemSleep(microseconds: Int64) { _ = usleep(useconds_t(max(1, microseconds))) }

/// `getpid(2)`.
package func systemProcessID() -> Int32 { getpid() }

/// `strerror(3)`: the system's description of `code` (`"No such file or directory"`).
package func systemErrorMessage(_ code: Int32) -> String { String(cString: strerror(code)) }

/// Whether `count` bytes at `lhs` and `rhs` are the same (`memcmp(3)` is 0).
@inlinable
package func systemBytesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(lhs, rhs, count) == 0
}

/// `gmtime_r(3)`: the calendar fields of `seconds` since 1970 in UTC.
package func systemUTCCalendar(secondsSince1970 seconds: Int) -> (
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
) {
    var time = time_t(seconds)
    var parts = tm()
    _ = gmtime_r(&time, &parts)
    return (
        Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
        Int(parts.tm_min), Int(parts.tm_sec)
    )
}

extension FileStatus {
    fileprivate init(_ status: stat) {
        let kind = status.st_mode & S_IFMT
        self.init(
            size: Int(status.st_size), isRegularFile: kind == S_IFREG, isDirectory: kind == S_IFDIR,
            device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
    }
}

/// The `errno` values RxChain tells apart, by name.
package enum Errno {
    /// `EINTR`: a signal interrupted the call; it did nothing and may be made again.
    package static let interrupted: Int32 = EINTR
    /// `ENOENT`.
    package static let noSuchFileOrDirectory: Int32 = ENOENT
    /// `EEXIST`.
    package static let fileExists: Int32 = EEXIST
    /// `EIO`.
    package static let ioError: Int32 = EIO
    /// `EISDIR`.
    package static let isDirectory: Int32 = EISDIR
    /// `ENOTDIR`.
    package static let notDirectory: Int32 = ENOTDIR
    /// `EINVAL`.
    package static let invalidArgument: Int32 = EINVAL
    /// `EACCES`.
    package static let permissionDenied: Int32 = EACCES
    /// `EPERM`.
    package static let notPermitted: Int32 = EPERM
    /// `EROFS`.
    package static let readOnlyFileSystem: Int32 = EROFS
    /// `ELOOP`.
    package static let tooManySymbolicLinks: Int32 = ELOOP
    /// `EWOULDBLOCK`: a non-blocking call would have had to wait (a lock held elsewhere).
    package static let wouldBlock: Int32 = EWOULDBLOCK
}

// MARK: Sockets (the blocking HTTP exchange of the server feed's long poll)

/// A TCP connection to `host:port`: `getaddrinfo(3)`, then `connect(2)` to each address in turn
/// until one answers; the descriptor has `FD_CLOEXEC`. On failure, `descriptor` is -1 and `error`
/// says why (the resolver's message or `strerror`).
package func systemConnectTCP(host: String, port: UInt16) -> (descriptor: Int32, error: String?) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
        hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, String(port), &hints, &list)
    guard resolved == 0, let first = list else {
        return (-1, String(cString: gai_strerror(resolved)))
    }
    defer { freeaddrinfo(first) }
    var lastError: Int32 = 0
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
        next = address.pointee.ai_next
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        if descriptor < 0 {
            lastError = errno
            continue
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return (descriptor, nil) }
        lastError = errno
        _ = close(descriptor)
    }
    return (-1, systemErrorMessage(lastError))
}

/// Sets how long a `recv` on `descriptor` may wait (`SO_RCVTIMEO`); 0 on success.
package func systemSetReceiveTimeout(_ descriptor: Int32, seconds: Int) -> Int32 {
    var value = timeval(tv_sec: seconds, tv_usec: 0)
    return setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
}

/// `send(2)`; on Linux with `MSG_NOSIGNAL`, so a closed peer is an `EPIPE`, not a signal (Apple
/// platforms: the process ignores `SIGPIPE`, as `rxchain` does).
package func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc) || canImport(Musl)
        send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, bytes, count, 0)
    #endif
}

/// `recv(2)`.
package func systemReceive(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    recv(descriptor, buffer, count, 0)
}

/// `shutdown(2)` of both directions: a `recv` blocked on another thread returns at once.
package func systemShutdown(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    #else
        _ = shutdown(descriptor, SHUT_RDWR)
    #endif
}
