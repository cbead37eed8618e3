import Foundation
import Testing

/// Runs `rxchain` under `strace`, which kills it or fails one of its system calls on purpose:
/// how the crash and fault tests reach an exact point of a command without sleeping.
///
/// - `kill`: `SIGKILL` on entering the `n`-th call of `syscall` (counted per thread, as strace
///   counts), so the call itself may or may not run.
/// - `fail`: the calls return `errno` (`EIO`) without running: every one, or only the `n`-th.
///
/// Calls are counted only on `path` when one is given (`-P`; a descriptor counts by the file it
/// names), else on any file or socket.
struct Strace: Sendable, CustomTestStringConvertible {
    /// What strace does at the chosen call.
    enum Action: Sendable {
        case kill
        /// `errno` from the `only`-th call (`nil`: from every call).
        case fail(errno: String, only: Int?)
    }

    /// The system call (or comma-separated set) counted, as `-e trace=` spells it.
    var syscall: String
    /// The path filter (`-P`), or `nil` for every call of `syscall`.
    var path: String?
    /// The call the action happens at (1 is the first).
    var n: Int
    var action: Action

    /// Kills the process on entering the `n`-th `syscall` (on `path`).
    static func kill(at syscall: String, _ n: Int, on path: String? = nil) -> Strace {
        Strace(syscall: syscall, path: path, n: n, action: .kill)
    }

    /// Fails `syscall` on `path` with `EIO`: every call, or only the `n`-th one.
    static func fail(_ syscall: String, on path: String, only n: Int? = nil) -> Strace {
        Strace(syscall: syscall, path: path, n: n ?? 1, action: .fail(errno: "EIO", only: n))
    }

    var testDescription: String {
        switch action {
        case .kill: "kill at \(syscall) #\(n)\(path.map { " of \($0)" } ?? "")"
        case .fail: "EIO from \(syscall)\(path.map { " of \($0)" } ?? "")"
        }
    }

    /// The installed `strace`, if any.
    static let executable = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))

    /// The installed `strace`; records an issue (the fault tests are not optional) when it is missing.
    static func required() throws -> URL {
        guard let executable else {
            Issue.record(
                "strace is not installed: install it (apt-get install strace) to run the crash and fault tests")
            throw CancellationError()
        }
        return executable
    }

    /// strace's arguments for running `rxchain` with `words`; `path` is resolved under `store`.
    func arguments(rxchain: URL, store: URL, words: [String]) -> [String] {
        let injection: String
        switch action {
        case .kill:
            injection = "\(syscall):signal=KILL:when=\(n)"
        case .fail(let errno, let only):
            injection = "\(syscall):error=\(errno):when=\(only.map(String.init) ?? "1+")"
        }
        var arguments = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=\(syscall)", "-e", "inject=\(injection)"]
        if let path { arguments += ["-P", store.appendingPathComponent(path).path] }
        return arguments + [rxchain.path] + words
    }
}
