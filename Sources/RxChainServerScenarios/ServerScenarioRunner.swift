import Foundation
import RxChainScenarios

/// Runs one parsed script of a domain that syncs through an RxChain server: starts the
/// scenario's server, signs up every user and signs in every device, runs every step in order,
/// and reports each step as a `ScenarioEvent`.
///
/// - A failed expectation is reported and the run goes on (every failure of a file shows).
/// - A step that cannot be carried out as written (`crash phone during sync` while phone is
///   offline, a clock past year 9999) is a script error: the file stops there.
/// - An error of the machine (a store that cannot be opened, a full disk) stops the file as failed.
/// - The run's directory (the server's files, devices without a directory of their own, session
///   files) is temporary and removed at the end. No network: requests go to the server in process.
public struct ServerScenarioRunner<Domain: ServerScenarioDomain>: Sendable {
    let script: ScenarioScript<Domain.Command>
    let domain: Domain
    /// Relative paths in the script (named devices) are resolved against this directory: the script's own.
    let baseDirectory: URL

    /// A runner of `script` for `domain`.
    public init(script: ScenarioScript<Domain.Command>, domain: Domain, baseDirectory: URL) {
        self.script = script
        self.domain = domain
        self.baseDirectory = baseDirectory
    }

    /// Runs the script; `emit` gets each step's event as soon as the step is done.
    public func run(emit: (ScenarioEvent) throws -> Void) async throws -> ScenarioFileResult {
        var result = ScenarioFileResult(file: script.file, title: script.title, outcome: .passed)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxchain-scenario-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ScenarioClock(seconds: script.clockStart)
        let server: ScenarioServer
        do {
            server = try await ScenarioServer.start(
                domain: domain, directory: root.appendingPathComponent("server"), clock: clock)
        } catch {
            result.outcome = .failed
            result.reason = "cannot start the server: \(error)"
            return result
        }
        let world = ServerScenarioWorld(domain: domain, server: server, clock: clock, root: root)
        try await ScenarioStepLoop.run(
            script.steps, into: &result, emit: emit,
            opening: {
                for device in script.devices {
                    let directory =
                        device.path.map { URL(fileURLWithPath: $0, relativeTo: baseDirectory).standardizedFileURL }
                        ?? root.appendingPathComponent("devices/\(device.name)")
                    try await world.open(device.name, user: device.user ?? device.name, directory: directory)
                }
            }, step: world.run,
            closing: {
                await world.closeAll()
                await server.close()
            })
        return result
    }
}
