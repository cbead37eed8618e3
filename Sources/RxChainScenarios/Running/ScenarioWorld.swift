import Foundation
import RxChainDevice
import RxChainJSON
import RxChainLogs

/// What a running scenario holds: the domain, the shared remote, the virtual clock and the
/// devices; it carries out one step at a time and says what happened.
package final class ScenarioWorld<Domain: ScenarioDomain> {
    package let domain: Domain
    package let remote: ScenarioRemote
    /// The setting every device opens with (the remote's location; the devices use `remote`).
    package let setting: RemoteSetting
    package let clock: ScenarioClock
    package let baseDirectory: URL
    /// The contents of the files `playbook load` names, read before the run (see ``ScenarioRunner/readPlaybookFiles(of:baseDirectory:)``).
    package let playbookFiles: [String: Result<Data, NDJSONFileError>]
    private(set) var devices: [String: ScenarioDevice<Domain>] = [:]

    package init(
        domain: Domain, remote: ScenarioRemote, setting: RemoteSetting, clock: ScenarioClock, baseDirectory: URL,
        playbookFiles: [String: Result<Data, NDJSONFileError>] = [:]
    ) {
        self.domain = domain
        self.remote = remote
        self.setting = setting
        self.clock = clock
        self.baseDirectory = baseDirectory
        self.playbookFiles = playbookFiles
    }

    func open(_ name: String, directory: URL) async throws {
        devices[name] = try await ScenarioDevice.open(
            name: name, directory: directory, domain: domain, remote: remote, setting: setting, clock: clock)
    }

    package func closeAll() async {
        for device in devices.values { await device.close() }
    }

    /// The device `name` (the parser checked that it is declared).
    package func device(_ name: String) -> ScenarioDevice<Domain> { devices[name]! }

    /// Runs `step`.
    ///
    /// - Throws: ``ScenarioScriptError`` when the step cannot be carried out as written;
    ///   any other error when the machine failed.
    package func run(_ step: ScenarioStep<Domain.Command>) async throws -> ScenarioEvent {
        var event = ScenarioEvent(location: step.location, step: step.text, status: .ok)
        func scriptError(_ message: String) -> ScenarioScriptError {
            ScenarioScriptError(location: step.location, message: message)
        }
        switch step.action {
        case .send(let name, let message):
            let device = device(name)
            let before = try await snapshot(of: device)
            let outcome = try await send(message, to: device)
            switch outcome {
            case .applied: event.detail = ["applied"]
            case .ignored(let reason): event.detail = [reason]
            case .rejected(let reason):
                event.status = .note
                event.detail = ["rejected: \(reason)"]
            }
            event.changes = ScenarioValue.changes(from: before, to: try await snapshot(of: device))
        case .setOnline(let names, let online):
            for name in names { device(name).isOnline = online }
            event.detail = ["\(names.joined(separator: ", ")) \(online ? "online" : "offline")"]
        case .sync(let names):
            for name in names {
                try await sync(device(name), into: &event)
            }
        case .advance(let seconds):
            event.detail = [try clock.advance(by: seconds, at: step.location)]
        case .setClock(let time):
            event.detail = [try clock.set(to: time.seconds, at: step.location)]
        case .crash(let name, let point):
            let device = device(name)
            if let point {
                guard device.isOnline else {
                    throw scriptError("\(name) is offline: it cannot crash in the middle of a sync")
                }
                remote.arm(point == .afterDownload ? .fail : .lostResponse)
                let before = try await snapshot(of: device)
                try await sync(device, into: &event, maxFailures: 1)
                if !remote.disarm() {
                    event.detail.append("\(name) had nothing to append: it crashed after the download")
                }
                try await device.crash()
                event.changes = ScenarioValue.changes(from: before, to: try await snapshot(of: device))
            } else {
                let before = try await snapshot(of: device)
                try await device.crash()
                event.changes = ScenarioValue.changes(from: before, to: try await snapshot(of: device))
            }
            event.detail.append("\(name) crashed and reopened from disk: \(device.pending) actions queued")
        case .fault(let fault, let times):
            remote.inject(fault, times: times)
            event.detail = ["the remote will play: \(remote.pendingFaults.map(\.description).joined(separator: ", "))"]
        case .appendToPlaybook(let line):
            try await appendToPlaybook(Data((line + "\n").utf8))
            event.detail = ["appended 1 line to the playbook"]
        case .loadPlaybook(let path):
            var data: Data
            switch playbookFiles[path] {
            case .success(let contents)?: data = contents
            case .failure(let error)?: throw scriptError("cannot read the playbook file '\(path)': \(error.reason)")
            case nil: throw scriptError("the playbook file '\(path)' was not read before the run")
            }
            if let last = data.last, last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
            guard !data.isEmpty else { throw scriptError("the playbook file '\(path)' is empty") }
            try await appendToPlaybook(data)
            event.detail = ["appended \(data.filter { $0 == UInt8(ascii: "\n") }.count) lines from \(path)"]
        case .restartServer:
            preconditionFailure("the parser allows 'server restart' in server domains only")
        case .expect(let expectation):
            try await check(expectation, into: &event)
        }
        return event
    }

    // MARK: Messages

    private func send(_ message: ScenarioStep<Domain.Command>.DeviceMessage, to device: ScenarioDevice<Domain>)
        async throws -> ScenarioDevice<Domain>.SendOutcome
    {
        switch message {
        case .command(let command):
            let made: Domain.AppMessage
            do {
                made = try domain.message(for: command, in: await device.state, now: clock.now)
            } catch {
                return device.refused(error.description)
            }
            return try await device.send(made)
        case .raw(let line):
            var bytes = Array(line.utf8)
            let read = bytes.withUnsafeMutableBytes { domain.readLine(UnsafeRawBufferPointer($0)) }
            switch read {
            case .success(let entry): return try await device.send(domain.message(for: entry.action))
            case .failure(let error): return device.refused(error.description)
            }
        }
    }

    // MARK: Sync

    private func sync(_ device: ScenarioDevice<Domain>, into event: inout ScenarioEvent, maxFailures: Int? = nil)
        async throws
    {
        guard device.isOnline else {
            event.status = .note
            event.detail.append("\(device.name) is offline: not synced (\(device.pending) actions queued)")
            return
        }
        let before = try await snapshot(of: device)
        let statusBefore = device.syncStatus
        let result = await device.sync(maxFailures: maxFailures ?? ScenarioDevice<Domain>.maxFailures)
        let status = device.syncStatus
        for fault in remote.takePlayedFaults() {
            event.detail.append("the remote played: \(fault)")
            if case .delay(let seconds) = fault { clock.set(clock.seconds + seconds) }
        }
        var summary =
            "\(device.name): read \(status.linesDownloaded - statusBefore.linesDownloaded) lines, "
            + "appended \(status.linesUploaded - statusBefore.linesUploaded)"
        let recovered = status.recoveredActions - statusBefore.recoveredActions
        if recovered > 0 { summary += ", recognised \(recovered) already in the playbook" }
        event.detail.append(summary)
        for ignored in status.ignoredActions.suffix(max(0, status.ignoredCount - statusBefore.ignoredCount)) {
            event.detail.append("\(device.name) dropped \(ignored.key) (\(ignored.tag)): \(ignored.reason)")
        }
        if let failure = result.failure {
            event.status = .note
            event.detail.append("\(device.name) not in sync: \(failure) (\(device.pending) actions still queued)")
        }
        let changes = ScenarioValue.changes(from: before, to: try await snapshot(of: device))
        event.changes += changes.map { "\(device.name) \($0)" }
    }

    /// Appends whole lines to the remote as another tool would (no faults, no actionId).
    private func appendToPlaybook(_ data: Data) async throws {
        for _ in 0..<3 {
            // A remote that rewrites the whole playbook (one S3 object) needs it with the new lines.
            let revision: Revision
            var localCopy: Data?
            if remote.inner.needsLocalCopy {
                let chunk = try await remote.inner.read(after: nil)
                revision = chunk.revision
                localCopy = chunk.lines + data
            } else {
                revision = try await remote.inner.currentRevision()
            }
            if case .committed = try await remote.inner.append(data, expecting: revision, localCopy: localCopy) {
                return
            }
        }
        throw PlaybookRemoteError.unavailable(location: remote.location, reason: "the playbook kept moving")
    }

    // MARK: States

    /// A device's state as the value paths read it (``ScenarioDomain/scenarioValue(of:)``).
    package func snapshot(of device: ScenarioDevice<Domain>) async throws -> ScenarioValue {
        try domain.scenarioValue(of: await device.state)
    }
}
