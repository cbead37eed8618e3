import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outcome of a child process run by ``runChild(_:_:killAfterLines:)``: its stdout lines,
/// stderr text and how it ended.
public struct ChildResult: Sendable {
    /// Standard output, split at line feeds (a last unterminated line is left out).
    public var lines: [String]
    /// Standard error, whole.
    public var stderr: String
    /// The exit status, or the signal that ended it.
    public var status: Int32
    /// Whether ``runChild(_:_:killAfterLines:)`` sent it `SIGKILL`.
    public var killed: Bool
}

/// Runs `executable` with `arguments` on a thread of its own (never the concurrency pool),
/// reading stdout line by line; sends `SIGKILL` once `killAfterLines` lines were read (0: right
/// after it started; `nil`: never). Stderr is read after stdout closes: the children the crash
/// and fault tests run write little to it.
public func runChild(_ executable: URL, _ arguments: [String], killAfterLines: Int? = nil) async throws
    -> ChildResult
{
    let input = try PosixSpawn.openFile("/dev/null", O_RDONLY)
    defer { close(input) }
    let out = try PosixSpawn.makePipe()
    let err: (read: Int32, write: Int32)
    do {
        err = try PosixSpawn.makePipe()
    } catch {
        close(out.read)
        close(out.write)
        throw error
    }
    let pid: pid_t
    do {
        pid = try PosixSpawn.spawn(
            executable.path, arguments: arguments, stdin: input, stdout: out.write, stderr: err.write)
    } catch {
        for end in [out.read, out.write, err.read, err.write] { close(end) }
        throw error
    }
    close(out.write)
    close(err.write)
    return await onOwnThread {
        var lines: [String] = []
        var pending: [UInt8] = []
        var killed = false
        if killAfterLines == 0 {
            kill(pid, SIGKILL)
            killed = true
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(out.read, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in chunk[0..<count] {
                if byte == UInt8(ascii: "\n") {
                    lines.append(String(decoding: pending, as: UTF8.self))
                    pending.removeAll()
                    if !killed, let limit = killAfterLines, lines.count >= limit {
                        kill(pid, SIGKILL)
                        killed = true
                    }
                } else {
                    pending.append(byte)
                }
            }
        }
        close(out.read)
        let stderr = PosixSpawn.readAll(err.read)
        let ending = PosixSpawn.waitForExit(pid)
        return ChildResult(
            lines: lines, stderr: String(decoding: stderr, as: UTF8.self), status: ending.code, killed: killed)
    }
}

/// The built `rxchain-bench` beside the test bundle (`swift test` builds every product); records
/// an issue and throws when it is not there.
public func benchExecutable() throws -> URL {
    let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        .compactMap { $0?.deletingLastPathComponent() }
        .flatMap { [$0, $0.deletingLastPathComponent()] }
        .map { $0.appendingPathComponent("rxchain-bench") }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        Issue.record(
            "rxchain-bench not found next to the tests (looked at \(candidates.map(\.path))); run `swift build` first"
        )
        throw CancellationError()
    }
    return found
}

/// Runs blocking work (child processes, pipe reads) on its own thread, not the concurrency pool.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
