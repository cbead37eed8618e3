import Foundation
import RxChainDevice
import RxChainJSON
import RxChainLogs
import RxChainRemotes

/// Runs one parsed script: opens its remote and devices, runs every step in order, and
/// reports each step as a ``ScenarioEvent``.
///
/// - A failed expectation is reported and the run goes on (every failure of a file shows).
/// - A step that cannot be carried out as written (`crash phone during sync` while phone
///   is offline, a clock past year 9999, a missing playbook file) is a script error: the
///   file stops there.
/// - An error of the machine (a store that cannot be opened, a full disk) stops the file
///   as failed.
/// - Temporary directories (the default remote and unnamed devices) are removed at the end.
/// - `remote s3 LOCATION [endpoint URL]` uses the endpoint given, else `RXCHAIN_S3_ENDPOINT`
///   (without either the file is skipped, saying so), with credentials from `AWS_ACCESS_KEY_ID`
///   / `AWS_SECRET_ACCESS_KEY` (else `RXCHAIN_S3_ACCESS_KEY_ID` / `RXCHAIN_S3_SECRET_ACCESS_KEY`;
///   else anonymous). Each run puts its playbook under a fresh `run-<UUID>/` below the given
///   prefix, so a scenario starts from an empty playbook and reruns never collide; nothing is
///   deleted from the bucket afterwards.
public struct ScenarioRunner<Domain: ScenarioDomain>: Sendable {
    package let script: ScenarioScript<Domain.Command>
    package let domain: Domain
    /// Relative paths in the script (named devices, `remote directory PATH`, `playbook load`)
    /// are resolved against this directory: the script's own.
    package let baseDirectory: URL
    /// The process environment (S3 endpoint and credentials).
    package var environment: [String: String]
    /// The files `playbook load` names, as ``readPlaybookFiles(of:baseDirectory:)`` read them.
    package var playbookFiles: [String: Result<Data, NDJSONFileError>]

    /// A runner of `script` for `domain`; `playbookFiles` as ``readPlaybookFiles(of:baseDirectory:)`` read them.
    public init(
        script: ScenarioScript<Domain.Command>, domain: Domain, baseDirectory: URL, environment: [String: String] = [:],
        playbookFiles: [String: Result<Data, NDJSONFileError>] = [:]
    ) {
        self.script = script
        self.domain = domain
        self.baseDirectory = baseDirectory
        self.environment = environment
        self.playbookFiles = playbookFiles
    }

    /// Reads every file a `playbook load` step of `script` names (relative to `baseDirectory`),
    /// byte for byte: the step appends them verbatim, broken lines included.
    ///
    /// > Important: Blocking file I/O: call it before the run, on the command's thread, never
    /// > from a task.
    public static func readPlaybookFiles(of script: ScenarioScript<Domain.Command>, baseDirectory: URL) -> [String:
        Result<
            Data, NDJSONFileError
        >]
    {
        var files: [String: Result<Data, NDJSONFileError>] = [:]
        for step in script.steps {
            guard case .loadPlaybook(let path) = step.action, files[path] == nil else { continue }
            let url = URL(fileURLWithPath: path, relativeTo: baseDirectory)
            var data = Data()
            do {
                try NDJSONReader.readChunks(ofFile: url.path) { chunk in
                    data.append(contentsOf: chunk)
                    return true
                }
                files[path] = .success(data)
            } catch let error as NDJSONFileError {
                files[path] = .failure(error)
            } catch {
                preconditionFailure("the chunk handler throws nothing: \(error)")
            }
        }
        return files
    }

    /// A failure of the machine, not of the script.
    private struct RunFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs the script; `emit` gets each step's event as soon as the step is done.
    public func run(emit: (ScenarioEvent) throws -> Void) async throws -> ScenarioFileResult {
        var result = ScenarioFileResult(file: script.file, title: script.title, outcome: .passed)
        if case .s3(_, let endpoint) = script.remote, endpoint == nil,
            (environment["RXCHAIN_S3_ENDPOINT"] ?? "").isEmpty
        {
            result.outcome = .skipped
            result.reason =
                "needs an S3 endpoint: give one on the remote line ('endpoint URL') or set RXCHAIN_S3_ENDPOINT"
            return result
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxchain-scenario-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ScenarioClock(seconds: script.clockStart)
        let world: ScenarioWorld<Domain>
        do {
            let (remote, setting) = try makeRemote(root: root)
            world = ScenarioWorld(
                domain: domain, remote: ScenarioRemote(remote), setting: setting, clock: clock,
                baseDirectory: baseDirectory, playbookFiles: playbookFiles)
        } catch {
            result.outcome = .failed
            result.reason = "cannot set up the remote: \(error)"
            return result
        }
        try await ScenarioStepLoop.run(
            script.steps, into: &result, emit: emit,
            opening: {
                for device in script.devices {
                    let directory = device.path.map(resolve) ?? root.appendingPathComponent("devices/\(device.name)")
                    try await world.open(device.name, directory: directory)
                }
            }, step: world.run, closing: world.closeAll)
        return result
    }

    /// The script's remote, and the setting naming it: a directory (in `root` unless a path
    /// is given) or S3.
    private func makeRemote(root: URL) throws -> (any PlaybookRemote, RemoteSetting) {
        switch script.remote {
        case .directory(let path):
            // The script's own playbook: its directory is made here (a remote never makes one).
            let file = path.map(playbookFile) ?? root.appendingPathComponent("remote/playbook.ndjson")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let setting = try RemoteSetting(parsing: file.path)
            return (try setting.makeRemote(), setting)
        case .s3(let location, let endpoint):
            let region = S3Credentials.region(environment: environment)
            let setting = try RemoteSetting(
                parsing: Self.freshLocation(location), endpoint: endpoint ?? environment["RXCHAIN_S3_ENDPOINT"],
                region: region)
            let credentials =
                S3Credentials(environment: environment)
                ?? S3Credentials(environment: [
                    "AWS_ACCESS_KEY_ID": environment["RXCHAIN_S3_ACCESS_KEY_ID"] ?? "",
                    "AWS_SECRET_ACCESS_KEY": environment["RXCHAIN_S3_SECRET_ACCESS_KEY"] ?? "",
                ])
            return (try setting.makeRemote(credentials: credentials, region: region), setting)
        }
    }

    /// `location` with a fresh `run-<UUID>/` before its last part: `s3://b/p/` →
    /// `s3://b/p/run-…/`, `s3://b/p/book.ndjson` → `s3://b/p/run-…/book.ndjson`.
    package static func freshLocation(_ location: String) -> String {
        let run = "run-\(UUID().uuidString.lowercased())/"
        if location.hasSuffix("/") { return location + run }
        let bucketEnd = location.dropFirst(5).firstIndex(of: "/") ?? location.endIndex
        let slash = location[bucketEnd...].lastIndex(of: "/") ?? bucketEnd
        let next = location.index(after: slash)
        return String(location[..<next]) + run + String(location[next...])
    }

    /// `remote directory PATH`: the playbook file `PATH/playbook.ndjson`, or PATH itself when
    /// it names an `.ndjson` file.
    private func playbookFile(_ path: String) -> URL {
        let resolved = resolve(path)
        return resolved.pathExtension == "ndjson" ? resolved : resolved.appendingPathComponent("playbook.ndjson")
    }

    private func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
    }
}
