import Foundation
import Ledger
import RxChain

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
struct ScenarioRunner {
    let script: ScenarioScript
    /// Relative paths in the script (named devices, `remote directory PATH`, `playbook load`)
    /// are resolved against this directory: the script's own.
    let baseDirectory: URL

    /// A failure of the machine, not of the script.
    private struct RunFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the script; `emit` gets each step's event as soon as the step is done.
    func run(emit: (ScenarioEvent) throws -> Void) async throws -> ScenarioFileResult {
        var result = ScenarioFileResult(file: script.file, title: script.title, outcome: .passed)
        guard case .directory(let remotePath) = script.remote else {
            if case .unavailable(let kind, let reason) = script.remote {
                result.outcome = .skipped
                result.reason = "needs a \(kind) remote: \(reason)"
            }
            return result
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxchain-scenario-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ScenarioClock(seconds: script.clockStart)
        let world: ScenarioWorld
        do {
            // The default remote's directory is the runner's own; a PATH the script names must exist.
            if remotePath == nil {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent("remote"), withIntermediateDirectories: true)
            }
            let location = remotePath.map(resolve)?.path ?? root.path + "/remote/playbook.ndjson"
            world = ScenarioWorld(
                remote: ScenarioRemote(try DirectoryRemote(location)), clock: clock, baseDirectory: baseDirectory)
        } catch {
            result.outcome = .failed
            result.reason = "cannot set up the remote: \(error)"
            return result
        }
        do {
            for device in script.devices {
                let directory = device.path.map(resolve) ?? root.appendingPathComponent("devices/\(device.name)")
                try await world.open(device.name, directory: directory)
            }
        } catch {
            await world.closeAll()
            result.outcome = .failed
            result.reason = "cannot open the devices: \(error)"
            return result
        }
        for step in script.steps {
            result.steps += 1
            var event: ScenarioEvent
            do {
                event = try await world.run(step)
            } catch let error as ScenarioScriptError {
                var failed = ScenarioEvent(location: step.location, step: step.text, status: .error)
                failed.detail = [error.message]
                try emit(failed)
                result.outcome = .error
                result.reason = "\(error)"
                break
            } catch {
                var failed = ScenarioEvent(location: step.location, step: step.text, status: .error)
                failed.detail = ["\(error)"]
                try emit(failed)
                result.outcome = .failed
                result.reason = "\(step.location): \(error)"
                break
            }
            if case .expect = step.action {
                if event.status == .failed {
                    result.expectationsFailed += 1
                    if result.outcome == .passed { result.outcome = .failed }
                } else {
                    result.expectationsPassed += 1
                }
            }
            try emit(event)
        }
        await world.closeAll()
        return result
    }

    private func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
    }
}
