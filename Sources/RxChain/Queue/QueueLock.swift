import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exclusive `flock` that makes one open queue the only writer of its directory.
///
/// `flock` belongs to the open file description, so a second `open` in the same process
/// conflicts too, and the kernel releases the lock when the owner dies. The owner's pid
/// is written into the lock file for the error message of whoever is refused.
struct QueueLock {
    let fd: Int32

    /// Takes the lock on `path`, polling until `wait` has passed (no waiting when nil).
    ///
    /// > Important: Blocks while waiting; called on the queue's writer thread only.
    static func acquire(path: String, directory: String, wait: Duration?) throws(SyncQueueError) -> QueueLock {
        let fd = try QueueFileSystem.open(path, O_RDWR | O_CREAT)
        let clock = ContinuousClock()
        let deadline = clock.now + (wait ?? .zero)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                QueueFileSystem.close(fd)
                throw .io(operation: "flock", path: path, errno: code)
            }
            if clock.now >= deadline {
                let owner = (try? QueueFileSystem.readAll(path)).flatMap { $0 }
                    .flatMap {
                        Int32(
                            String(decoding: $0, as: UTF8.self).trimmingCharacters(
                                in: .whitespacesAndNewlines))
                    }
                QueueFileSystem.close(fd)
                throw .inUse(directory: directory, pid: owner)
            }
            usleep(10_000)
        }
        do throws(SyncQueueError) {
            try QueueFileSystem.truncate(fd, to: 0, path: path)
            _ = lseek(fd, 0, SEEK_SET)
            try QueueFileSystem.write(fd, Array("\(getpid())\n".utf8), path: path)
        } catch {
            QueueFileSystem.close(fd)
            throw error
        }
        return QueueLock(fd: fd)
    }

    /// Releases the lock. Unlocks explicitly before closing: a child process forked but
    /// not yet exec'ed shares the open file description, and closing alone would leave
    /// the lock held until that child execs.
    func release() {
        _ = flock(fd, LOCK_UN)
        QueueFileSystem.close(fd)
    }
}
