import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a child with `posix_spawn` and collects what it wrote and how it ended: what
/// ``CLIRunner`` runs on, instead of Foundation's `Process`.
///
/// On Linux, this toolchain's `Process.run()` lists `/proc/self/fd` to close the parent's
/// descriptors in the child and reads past the last entry: with several hundred descriptors
/// open (a full test run holds about a thousand) it now and then crashed there, in the forked
/// child, which then ended with status 1 and wrote nothing (swift-corelibs-foundation PR 5472).
/// Here every descriptor the parent makes is close-on-exec, so the child gets only its three
/// standard ones, and nothing walks the descriptor table.
///
/// > Important: Blocks (reading the pipes, waiting for the child): call it from a dedicated thread.
enum ChildSpawn {
    /// How a child ended.
    struct Outcome {
        var exitCode: Int32
        var wasSignalled: Bool
        var stdout: Data
        var stderr: Data
        var timedOut: Bool
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments` and `environment` (the whole environment), in
    /// `workingDirectory` if given, with `stdin` (else `/dev/null`); kills it after `timeout`.
    static func run(
        _ executable: String, arguments: [String], environment: [String: String], workingDirectory: String?,
        stdin: Data?, closingStdout: Bool, timeout: Duration
    ) throws -> Outcome {
        let input = try inputDescriptor(stdin)
        let output = try makePipe()
        let errors = try makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        // `posix_spawn_file_actions_addchdir_np` is not imported: a shell changes directory, then
        // becomes the executable.
        let command =
            workingDirectory.map { ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, $0, executable] } ?? [executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        close(input)
        close(output.write)
        close(errors.write)
        guard spawned == 0 else {
            close(output.read)
            close(errors.read)
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        if closingStdout { close(output.read) }
        let stdoutData = closingStdout ? nil : DrainedPipe(output.read)
        let stderrData = DrainedPipe(errors.read)
        let ended = DispatchSemaphore(value: 0)
        let status = StatusBox()
        let child = pid
        Thread.detachNewThread {
            var value: Int32 = 0
            while waitpid(child, &value, 0) == -1 && errno == EINTR {}
            status.set(value)
            ended.signal()
        }
        var timedOut = false
        if ended.wait(timeout: .now() + Double(timeout.components.seconds)) == .timedOut {
            timedOut = true
            kill(child, SIGKILL)
            ended.wait()
        }
        let raw = status.get()
        let signal = raw & 0x7f
        return Outcome(
            exitCode: signal == 0 ? (raw >> 8) & 0xff : signal, wasSignalled: signal != 0,
            stdout: stdoutData?.wait() ?? Data(), stderr: stderrData.wait(), timedOut: timedOut)
    }

    /// A close-on-exec pipe (`pipe2` is not imported: set right after, so at worst a child
    /// spawned in between holds an end until it exits).
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// A close-on-exec descriptor reading `data` (an unlinked temporary file), or `/dev/null`.
    private static func inputDescriptor(_ data: Data?) throws -> Int32 {
        guard let data else { return open("/dev/null", O_RDONLY | O_CLOEXEC) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-stdin-\(UUID().uuidString)")
            .path
        try data.write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "open \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }

    /// The status `waitpid` reported, handed from the waiting thread.
    private final class StatusBox: Sendable {
        private let value = Mutex<Int32>(0)
        func set(_ status: Int32) { value.withLock { $0 = status } }
        func get() -> Int32 { value.withLock { $0 } }
    }

    /// Reads a pipe to its end on a dedicated thread, then closes it.
    private final class DrainedPipe: Sendable {
        private let data = Mutex(Data())
        private let done = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            Thread.detachNewThread { [self] in
                var bytes = Data()
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count > 0 {
                        bytes.append(contentsOf: buffer[..<count])
                    } else if count == 0 || errno != EINTR {
                        break
                    }
                }
                close(descriptor)
                data.withLock { $0 = bytes }
                done.signal()
            }
        }

        /// Blocks until the writer closed its end, then returns everything read.
        func wait() -> Data {
            done.wait()
            return data.withLock { $0 }
        }
    }
}
