import Foundation
import Synchronization

/// Runs the built `rxchain` executable as a child process and captures what it did.
///
/// ```swift
/// let result = try await CLIRunner().run(["ledger", "replay", "book.ndjson"],
///                                        environment: ["NO_COLOR": "1"], workingDirectory: dir)
/// #expect(result.exitCode == 0, "\(result)")
/// ```
///
/// The executable is found next to the running test binary (the build's products
/// directory, which `swift test` fills with every product, whatever `--scratch-path` or
/// configuration), else under `.build/debug` of the package, else at `RXCHAIN_EXECUTABLE`.
///
/// > Important: Everything that blocks (draining stdout and stderr, waiting for exit) happens on dedicated threads, never on the Swift concurrency pool,
/// > which has only two threads here. The child gets the test process's environment plus
/// > `environment` (a `nil` value removes a variable); the test process's own environment
/// > and working directory are never changed, so tests can run in parallel.
struct CLIRunner: Sendable {
    /// A run that did not finish: the executable could not start, or it outlived the timeout.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The executable this runner starts.
    let executable: URL
    /// How long a run may take before the child is killed and the run fails: a guard against
    /// a hung child blocking the test run, far beyond any run that works on a loaded machine,
    /// never what decides a test.
    var timeout: Duration = .seconds(600)

    /// A runner for `rxchain` (or another product) from the current build.
    init(product: String = "rxchain") throws {
        executable = try Self.locate(product: product)
    }

    /// A runner for any executable (the runner's own tests use `/bin/sh`).
    init(executable: URL) {
        self.executable = executable
    }

    /// Runs the executable with `arguments` and returns its exit code and output.
    ///
    /// - Parameters:
    ///   - stdin: The child's whole standard input (then end of file); `nil` gives it `/dev/null`.
    ///   - environment: Variables to set (or, with `nil`, unset) for the child only.
    ///   - workingDirectory: The child's working directory; `nil` keeps the test process's.
    ///   - closingStdout: Give the child a pipe whose reading end is already closed, as
    ///     `rxchain … | head -0` would (``CLIResult/stdout`` is then empty).
    /// - Throws: ``Failure`` if the child cannot be started or does not finish within ``timeout``.
    func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String?] = [:],
        workingDirectory: URL? = nil, closingStdout: Bool = false
    ) async throws -> CLIResult {
        let request = Request(
            executable: executable, arguments: arguments, stdin: stdin.map { Data($0.utf8) },
            environment: environment, workingDirectory: workingDirectory, closingStdout: closingStdout,
            timeout: timeout)
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try request.runBlocking() })
            }
        }
    }

    /// Finds `product` in the products directory of the running tests, else in `.build/debug`.
    static func locate(product: String) throws -> URL {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        // The test binary (Linux: `…/debug/RxChainPackageTests.xctest`; macOS: inside
        // `…/debug/RxChainPackageTests.xctest/Contents/MacOS`) lives in the products directory.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<4 {
            directory.deleteLastPathComponent()
            candidates.append(directory.appendingPathComponent(product))
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(product))
        }
        // The package root is three levels above this file: Tests/CLITests/Support/CLIRunner.swift.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(product)"))
        if let override = ProcessInfo.processInfo.environment["RXCHAIN_EXECUTABLE"] {
            candidates.insert(URL(fileURLWithPath: override), at: 0)
        }
        guard let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) }) else {
            throw Failure(
                description: "cannot find the '\(product)' executable; looked at:\n"
                    + candidates.map(\.path).joined(separator: "\n")
                    + "\nBuild it (swift build --product \(product)) or set RXCHAIN_EXECUTABLE.")
        }
        return found
    }
}

extension CLIRunner {
    /// One run's inputs; `runBlocking()` does the blocking work on the thread that calls it.
    private struct Request: Sendable {
        var executable: URL
        var arguments: [String]
        var stdin: Data?
        var environment: [String: String?]
        var workingDirectory: URL?
        var closingStdout: Bool
        var timeout: Duration

        func runBlocking() throws -> CLIResult {
            let outcome: ChildSpawn.Outcome
            do {
                outcome = try ChildSpawn.run(
                    executable.path, arguments: arguments, environment: childEnvironment(),
                    workingDirectory: workingDirectory?.path, stdin: stdin, closingStdout: closingStdout,
                    timeout: timeout)
            } catch let failure as ChildSpawn.Failure {
                throw Failure(description: failure.description)
            }
            if outcome.timedOut {
                throw Failure(
                    description: "rxchain \(arguments.joined(separator: " ")) did not exit within \(timeout); killed")
            }
            return CLIResult(
                exitCode: outcome.exitCode, wasSignalled: outcome.wasSignalled,
                stdout: String(decoding: outcome.stdout, as: UTF8.self),
                stderr: String(decoding: outcome.stderr, as: UTF8.self))
        }

        private func childEnvironment() -> [String: String] {
            var result = ProcessInfo.processInfo.environment
            for (name, value) in environment {
                result[name] = value
            }
            return result
        }
    }
}
