import Foundation
import Synchronization

/// A command the server benchmark runs (a build, `wrk`, `pgbench`, `initdb`, Python), run to its
/// end on a dedicated thread, never on the concurrency pool.
struct ChildProcess: Sendable {
    /// A command that could not start or ended with a failure status.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a finished command printed, and its status.
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    var executable: String
    var arguments: [String]
    var environment: [String: String] = [:]
    var workingDirectory: String?

    /// The command `executable arguments…` (a bare name is looked up on `PATH`).
    init(_ executable: String, _ arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Runs the command to its end; throws ``Failure`` if it cannot start or exits non-zero
    /// (the description holds its standard error).
    @discardableResult
    func run() async throws -> Result {
        let result = try await runAllowingFailure()
        guard result.status == 0 else {
            throw Failure(
                description: "\(([executable] + arguments).joined(separator: " ")) exited \(result.status):\n"
                    + result.stderr + result.stdout)
        }
        return result
    }

    /// Runs the command to its end, whatever its status.
    func runAllowingFailure() async throws -> Result {
        let command = self
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try command.runBlocking() })
            }
        }
    }

    private func runBlocking() throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(executable): \(error)")
        }
        // Drain both pipes at once, so a child blocked on a full pipe never deadlocks us.
        let errorText = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let bytes = (try? errors.fileHandleForReading.readToEnd()) ?? Data()
            errorText.withLock { $0 = bytes }
            errorsRead.signal()
        }
        let outputText = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        errorsRead.wait()
        exited.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputText, as: UTF8.self),
            stderr: String(decoding: errorText.withLock { $0 }, as: UTF8.self))
    }

    /// Whether `name` is an executable on `PATH`.
    static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// Installs the Debian `package` with `apt-get` (as root only) unless `command` is on `PATH`.
    static func ensureInstalled(command: String, package: String) async throws {
        if isInstalled(command) { return }
        guard getuid() == 0 else {
            throw Failure(description: "\(command) is missing: install the Debian package '\(package)'")
        }
        log("installing \(package) with apt-get")
        let install = ChildProcess("apt-get", ["install", "-y", "-q", package])
        if try await install.runAllowingFailure().status != 0 {
            try await ChildProcess("apt-get", ["update", "-q"]).run()
            try await install.run()
        }
    }

    /// Writes a progress line to standard error (standard output holds the figures).
    static func log(_ line: String) {
        FileHandle.standardError.write(Data("rxchain-bench server: \(line)\n".utf8))
    }
}
