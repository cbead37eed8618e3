import Foundation

/// The Python that runs `Benchmarks/server/notify_latency.py`: a venv in `.build-venv` at the
/// repository's root (the one `.ci/seaweedfs` installs its tool into), with psycopg 3 from PyPI.
enum BenchPythonEnvironment {
    static let psycopg = "psycopg[binary]==3.3.9"

    /// The venv's `python`, creating the venv and installing psycopg on first use.
    static func ready(root: String) async throws -> String {
        let venv = root + "/.build-venv"
        let python = venv + "/bin/python"
        if FileManager.default.isExecutableFile(atPath: python),
            try await ChildProcess(python, ["-c", "import psycopg"]).runAllowingFailure().status == 0
        {
            return python
        }
        ChildProcess.log("installing \(psycopg) into \(venv)")
        if !FileManager.default.isExecutableFile(atPath: venv + "/bin/pip") {
            try await ChildProcess("python3", ["-m", "venv", venv]).run()
        }
        try await ChildProcess(venv + "/bin/pip", ["install", "-q", psycopg]).run()
        return python
    }
}
