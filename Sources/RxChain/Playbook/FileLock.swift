import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a lock file, taken with a bounded wait.
///
/// `flock` belongs to the open file description, so two descriptors opened separately
/// exclude each other even inside one process, and the kernel releases the lock when
/// the holder dies. The lock file is created on first use and never removed (removing
/// it would let two writers lock two different files).
/// Blocking: call only from a dedicated thread or queue, never from the concurrency pool.
struct FileLock {
    private let file: POSIXFile

    /// Waits until the lock is free, polling with a growing pause, for at most `timeout`.
    ///
    /// - Throws: ``PlaybookRemoteError/lockTimeout(lockFile:waited:)`` when another
    ///   descriptor still holds the lock after `timeout`.
    static func acquire(_ path: String, timeout: Duration) throws -> FileLock {
        let file = try POSIXFile.open(path, O_RDWR | O_CREAT)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.microseconds(200)
        while true {
            if flock(file.descriptor, LOCK_EX | LOCK_NB) == 0 { return FileLock(file: file) }
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                file.close()
                throw PlaybookRemoteError.posix(code, "lock", path)
            }
            let now = clock.now
            guard now < deadline else {
                file.close()
                throw PlaybookRemoteError.lockTimeout(lockFile: path, waited: timeout)
            }
            let wait = min(pause, now.duration(to: deadline))
            let microseconds = wait.components.seconds * 1_000_000 + wait.components.attoseconds / 1_000_000_000_000
            usleep(useconds_t(max(1, microseconds)))
            pause = min(pause * 2, .milliseconds(20))
        }
    }

    /// Releases the lock (closing the descriptor releases it).
    func release() {
        file.close()
    }
}
