import Foundation
import RxChainTesting
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a child to its end with ``RxChainTesting/PosixSpawn`` (not Foundation's `Process`:
/// see there why) and collects what it wrote and how it ended: what ``CLIRunner`` runs on.
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
        let output = try PosixSpawn.makePipe()
        let errors = try PosixSpawn.makePipe()
        // Closed before the child starts, so its very first write already finds no reader.
        if closingStdout { close(output.read) }
        let spawned = Result { () throws(PosixSpawn.Failure) in
            try PosixSpawn.spawn(
                executable, arguments: arguments, environment: environment, workingDirectory: workingDirectory,
                stdin: input, stdout: output.write, stderr: errors.write)
        }
        close(input)
        close(output.write)
        close(errors.write)
        let pid: pid_t
        switch spawned {
        case .success(let child):
            pid = child
        case .failure(let error):
            if !closingStdout { close(output.read) }
            close(errors.read)
            throw Failure(description: error.description)
        }
        let stdoutData = closingStdout ? nil : DrainedPipe(output.read)
        let stderrData = DrainedPipe(errors.read)
        let ended = DispatchSemaphore(value: 0)
        let status = EndingBox()
        Thread.detachNewThread {
            status.set(PosixSpawn.waitForExit(pid))
            ended.signal()
        }
        var timedOut = false
        if ended.wait(timeout: .now() + Double(timeout.components.seconds)) == .timedOut {
            timedOut = true
            kill(pid, SIGKILL)
            ended.wait()
        }
        let ending = status.get()
        return Outcome(
            exitCode: ending.code, wasSignalled: ending.wasSignalled, stdout: stdoutData?.wait() ?? Data(),
            stderr: stderrData.wait(), timedOut: timedOut)
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

    /// How the child ended, handed from the waiting thread.
    private final class EndingBox: Sendable {
        private let value = Mutex(PosixSpawn.Ending?.none)
        func set(_ ending: PosixSpawn.Ending) { value.withLock { $0 = ending } }
        func get() -> PosixSpawn.Ending { value.withLock { $0! } }
    }

    /// Reads a pipe to its end on a dedicated thread, then closes it.
    private final class DrainedPipe: Sendable {
        private let data = Mutex(Data())
        private let done = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            Thread.detachNewThread { [self] in
                let bytes = Data(PosixSpawn.readAll(descriptor))
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
