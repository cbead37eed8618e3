import Foundation

/// A command the server benchmark runs (a build, `wrk`, `pgbench`, `initdb`, `pg_ctl`, Python),
/// run to its end on a dedicated thread, never on the concurrency pool.
///
/// Started with `posix_spawnp` and awaited with `waitpid` rather than with `Process`, for two
/// reasons: the child must start with no signal blocked and default handlers (a thread of this
/// process blocks most signals, and `pgbench -T` never ends while `SIGALRM` is blocked); and a
/// daemon the command leaves behind (`pg_ctl start`) inherits its descriptors, so waiting for
/// the end of a pipe, or for the descriptor by which `Process` on Linux learns that its child
/// exited, would wait forever. Standard output and error go to files in a temporary directory,
/// read once the child exited.
struct ChildProcess: Sendable {
    /// A command that could not start or ended with a failure status.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a finished command printed, and its status.
    struct Result: Sendable {
        /// The exit code, or 128 + the signal that ended it.
        var status: Int32
        var stdout: String
        var stderr: String
    }

    var executable: String
    var arguments: [String]

    /// The command `executable arguments…` (a bare name is looked up on `PATH`).
    init(_ executable: String, _ arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Runs the command to its end; throws ``Failure`` if it cannot start or exits non-zero
    /// (the description holds what it printed).
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
        let directory = FileManager.default.temporaryDirectory.path + "/rxchain-bench-child-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outputPath = directory + "/stdout"
        let errorPath = directory + "/stderr"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand (Swift does not import the macros).
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(
            status: code, stdout: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
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
