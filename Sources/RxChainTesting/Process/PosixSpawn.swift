import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts child processes with `posix_spawn`: what every child of the test kit runs on
/// (``ServerProcess``, ``runChild(_:_:killAfterLines:)``, the CLI tests' runner), instead of
/// Foundation's `Process`.
///
/// On Linux, this toolchain's `Process.run()` lists `/proc/self/fd` to close the parent's
/// descriptors in the child and reads past the last entry: with several hundred descriptors open
/// (a full test run holds about a thousand) it now and then crashed there, in the forked child,
/// which then ended with status 1 and wrote nothing (swift-corelibs-foundation PR 5472). Here
/// every descriptor made for a child is close-on-exec, so the child gets only its three standard
/// ones, and nothing walks the descriptor table.
///
/// `pipe2` is not imported, so a pipe gets `FD_CLOEXEC` just after `pipe`: ``makePipe()`` and
/// ``spawn(_:arguments:environment:workingDirectory:stdin:stdout:stderr:)`` exclude each other,
/// so no child of this kit, started by a test running in parallel, ever inherits a pipe end in
/// between (a child holding another's write end would keep that reader from its end of file
/// for as long as it lives).
package enum PosixSpawn {
    /// Held while a pipe is made and while a child is spawned (see above).
    private static let spawning = Mutex(())

    /// Why a child could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// How a child ended, from its `waitpid` status.
    package struct Ending: Sendable, Equatable {
        /// The exit code, or the number of the signal that ended it.
        package var code: Int32
        /// Whether a signal ended it.
        package var wasSignalled: Bool

        init(status: Int32) {
            let signal = status & 0x7f
            code = signal == 0 ? (status >> 8) & 0xff : signal
            wasSignalled = signal != 0
        }
    }

    /// Starts `executable` with `arguments` and its standard input, output and error on the given
    /// descriptors (the caller closes its own copies afterwards).
    ///
    /// - Parameters:
    ///   - environment: The child's whole environment; this process's when `nil`.
    ///   - workingDirectory: Where the child starts; this process's directory when `nil`.
    /// - Returns: The child's process id; wait for it with ``waitForExit(_:)``.
    package static func spawn(
        _ executable: String, arguments: [String], environment: [String: String]? = nil,
        workingDirectory: String? = nil, stdin: Int32, stdout: Int32, stderr: Int32
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // `posix_spawn_file_actions_addchdir_np` is not imported: a shell changes directory, then
        // becomes the executable.
        let command =
            workingDirectory.map { ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, $0, executable] } ?? [executable]
        let variables = environment ?? ProcessInfo.processInfo.environment
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = spawning.withLock { _ in posix_spawn(&pid, command[0], &actions, nil, argv, envp) }
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// A close-on-exec pipe (`pipe2` is not imported: `FD_CLOEXEC` is set right after, while no
    /// child of this kit can be spawned).
    package static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        let made = spawning.withLock { _ -> Int32 in
            guard pipe(&ends) == 0 else { return errno }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return 0
        }
        guard made == 0 else {
            throw Failure(description: "pipe: \(String(cString: strerror(made)))")
        }
        return (ends[0], ends[1])
    }

    /// Opens `path` close-on-exec with `flags` (and mode 0644 when it creates it).
    package static func openFile(_ path: String, _ flags: Int32) throws(Failure) -> Int32 {
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "open \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }

    /// Reads `descriptor` to its end (the writer closed it), then closes it.
    ///
    /// > Important: Blocks: call it from a dedicated thread, never the concurrency pool.
    package static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(descriptor)
        return bytes
    }

    /// Blocks until the child `pid` ended and reaps it.
    ///
    /// > Important: Blocks: call it from a dedicated thread, never the concurrency pool.
    package static func waitForExit(_ pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return Ending(status: status)
    }
}
