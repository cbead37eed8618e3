/// An exclusive `flock` on a lock file, taken with a bounded wait.
///
/// `flock` belongs to the open file description, so two descriptors opened separately
/// exclude each other even inside one process, and the kernel releases the lock when the
/// holder dies. The lock file is created on first use and never removed (removing it would
/// let two writers lock two different files).
///
/// > Important: ``acquire(_:waitingAtMost:)`` blocks while it waits. Call it only from a
/// > dedicated thread or queue (the queue's writer thread, a remote's queue), never from a
/// > task on the Swift concurrency pool.
package struct FileLock<Failure: SystemCallError> {
    /// The open lock file, for a holder that records something in it (the queue writes its pid).
    package let file: SystemFile<Failure>

    /// Takes the lock on `path`, polling with a growing pause while another descriptor holds
    /// it, for at most `timeout` (one attempt when it is zero).
    ///
    /// - Returns: the lock, or `nil` when another descriptor still held it after `timeout`.
    /// - Throws: when the lock file cannot be opened or `flock` fails otherwise.
    package static func acquire(_ path: String, waitingAtMost timeout: Duration) throws(Failure) -> FileLock? {
        let file = try SystemFile<Failure>.open(path, .readWrite, .create)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.microseconds(200)
        while systemTryLockExclusive(file.descriptor) != 0 {
            let code = systemErrno
            if code == Errno.interrupted { continue }
            guard code == Errno.wouldBlock else {
                file.close()
                throw .systemCall("flock", failedOn: path, errno: code)
            }
            let now = clock.now
            guard now < deadline else {
                file.close()
                return nil
            }
            let wait = min(pause, now.duration(to: deadline))
            systemSleep(
                microseconds: wait.components.seconds * 1_000_000 + wait.components.attoseconds / 1_000_000_000_000)
            pause = min(pause * 2, .milliseconds(20))
        }
        return FileLock(file: file)
    }

    /// Releases the lock. Unlocks explicitly before closing: a child process forked but not
    /// yet exec'ed shares the open file description, and closing alone would leave the lock
    /// held until that child execs.
    package func release() {
        _ = systemUnlock(file.descriptor)
        file.close()
    }
}
