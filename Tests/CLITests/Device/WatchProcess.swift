import Dispatch
import Foundation
import RxChainSystem
import RxChainTesting

/// A running `rxchain … watch` whose frames a test reads as they come: its standard output is a
/// pipe, so every frame starts with `---` (``WatchFrame``), and a reader thread hands each
/// complete frame to ``nextFrame(where:)``.
final class WatchProcess: Sendable {
    private let pid: pid_t
    private let frames: AsyncStream<String>
    private let stderrText = ErrorOutput()
    private let stderrRead = DispatchSemaphore(value: 0)

    /// Starts `rxchain words…` with `environment` (added to this process's).
    init(_ words: [String], environment: [String: String]) throws {
        let executable = try CLIRunner.locate(product: "rxchain")
        let output = try PosixSpawn.makePipe()
        let errors = try PosixSpawn.makePipe()
        let input = try PosixSpawn.openFile("/dev/null", O_RDONLY)
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        pid = try PosixSpawn.spawn(
            executable.path, arguments: words, environment: variables, stdin: input, stdout: output.write,
            stderr: errors.write)
        close(input)
        close(output.write)
        close(errors.write)
        let (frames, continuation) = AsyncStream<String>.makeStream()
        self.frames = frames
        Thread.detachNewThread {
            // Frames are split at their `---` line; the last one is complete once the pipe ends.
            var text = ""
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(output.read, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                text += String(decoding: buffer[..<count], as: UTF8.self)
                var parts = text.components(separatedBy: "---\n")
                text = parts.removeLast()
                for part in parts where !part.isEmpty { continuation.yield(part) }
            }
            close(output.read)
            if !text.isEmpty { continuation.yield(text) }
            continuation.finish()
        }
        Thread.detachNewThread { [stderrText, stderrRead] in
            let bytes = PosixSpawn.readAll(errors.read)
            stderrText.bytes.withLock { $0 = bytes }
            stderrRead.signal()
        }
    }

    /// The next frame `matches` accepts (earlier ones are passed over), or `nil` when the watch
    /// ended first.
    func nextFrame(where matches: (String) -> Bool) async -> String? {
        for await frame in frames where matches(frame) { return frame }
        return nil
    }

    /// Sends SIGTERM and returns how the watch ended, and the rest of its output.
    func stop() async -> (ending: PosixSpawn.Ending, rest: [String], stderr: String) {
        kill(pid, SIGTERM)
        let (pid, stderrRead) = (pid, stderrRead)
        let ending = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let ending = PosixSpawn.waitForExit(pid)
                stderrRead.wait()
                continuation.resume(returning: ending)
            }
        }
        var rest: [String] = []
        for await frame in frames { rest.append(frame) }
        return (ending, rest, String(decoding: stderrText.bytes.withLock { $0 }, as: UTF8.self))
    }
}

/// What a watch wrote on stderr, once its pipe ended.
private final class ErrorOutput: Sendable {
    let bytes = Lock<[UInt8]>([])
}
