import Foundation
import RxChainCore
import RxChainRemotes
import RxChainScenarios

/// What a running scenario of a server domain holds: the domain, the scenario's server, the
/// virtual clock and the users' devices; it carries out one step at a time and says what happened.
final class ServerScenarioWorld<Domain: ServerScenarioDomain> {
    let domain: Domain
    let server: ScenarioServer
    let clock: ScenarioClock
    /// Where devices without a directory of their own, their session files and the fresh devices
    /// of `expect … == server` live.
    let root: URL
    private(set) var devices: [String: ScenarioUserDevice<Domain>] = [:]
    private var accounts: Set<String> = []
    private var checks = 0

    /// Most failed sends in a row one `sync` takes before it gives up.
    static var maxFailures: Int { 5 }

    init(domain: Domain, server: ScenarioServer, clock: ScenarioClock, root: URL) {
        self.domain = domain
        self.server = server
        self.clock = clock
        self.root = root
    }

    /// Opens the device `name` of `user` in `directory`, making the user's account first.
    func open(_ name: String, user: String, directory: URL) async throws {
        try await signUp(user)
        devices[name] = try await ScenarioUserDevice.open(
            name: name, user: user, directory: directory, home: root.appendingPathComponent("homes/\(name)"),
            domain: domain, server: server, clock: { [clock] in clock.now })
    }

    func closeAll() async {
        for device in devices.values { await device.close() }
    }

    /// The device `name` (the parser checked that it is declared).
    func device(_ name: String) -> ScenarioUserDevice<Domain> { devices[name]! }

    /// Runs `step`.
    ///
    /// - Throws: ``ScenarioScriptError`` when the step cannot be carried out as written;
    ///   any other error when the machine failed.
    func run(_ step: ScenarioStep<Domain.Command>) async throws -> ScenarioEvent {
        var event = ScenarioEvent(location: step.location, step: step.text, status: .ok)
        func scriptError(_ message: String) -> ScenarioScriptError {
            ScenarioScriptError(location: step.location, message: message)
        }
        switch step.action {
        case .send(let name, .command(let command)):
            let device = device(name)
            let before = try await snapshot(of: device)
            do {
                try await domain.perform(command, on: device.device, user: device.user, now: clock.now)
                event.detail = ["applied"]
            } catch let rejection as Rejection {
                if rejection.isIgnored {
                    event.detail = [rejection.reason]
                } else {
                    device.lastError = rejection.description
                    event.status = .note
                    event.detail = ["rejected: \(rejection.description)"]
                }
            }
            event.changes = ScenarioValue.changes(from: before, to: try await snapshot(of: device))
        case .send(_, .raw):
            preconditionFailure("the parser refuses raw actions in server domains")
        case .setOnline(let names, let online):
            for name in names { device(name).isOnline = online }
            event.detail = ["\(names.joined(separator: ", ")) \(online ? "online" : "offline")"]
        case .sync(let names):
            for name in names { try await sync(device(name), into: &event) }
        case .advance(let seconds):
            event.detail = [try clock.advance(by: seconds, at: step.location)]
        case .setClock(let time):
            event.detail = [try clock.set(to: time.seconds, at: step.location)]
        case .crash(let name, let point):
            let device = device(name)
            let before = try await snapshot(of: device)
            if point != nil {
                guard device.isOnline else {
                    throw scriptError("\(name) is offline: it cannot crash in the middle of a sync")
                }
                server.arm(.lostResponse)
                try await sync(device, into: &event, maxFailures: 1)
                if !server.disarm() {
                    event.detail.append("\(name) had nothing to send: it crashed after the pull")
                }
            }
            try await device.crash()
            event.changes = ScenarioValue.changes(from: before, to: try await snapshot(of: device))
            event.detail.append("\(name) crashed and reopened from disk: \(device.pending) requests queued")
        case .fault(let fault, let times):
            server.inject(fault, times: times)
            event.detail = ["the server will play: \(server.pendingFaults.map(\.description).joined(separator: ", "))"]
        case .restartServer:
            try await server.restart()
            event.detail = ["the server closed and reopened from its files"]
        case .appendToPlaybook, .loadPlaybook:
            preconditionFailure("the parser refuses playbook steps in server domains")
        case .expect(let expectation):
            try await check(expectation, into: &event)
        }
        return event
    }

    // MARK: Sync

    private func sync(_ device: ScenarioUserDevice<Domain>, into event: inout ScenarioEvent, maxFailures: Int? = nil)
        async throws
    {
        guard device.isOnline else {
            event.status = .note
            event.detail.append("\(device.name) is offline: not synced (\(device.pending) requests queued)")
            return
        }
        let before = try await snapshot(of: device)
        let queued = device.pending
        let failure = await device.sync(maxFailures: maxFailures ?? Self.maxFailures)
        for fault in server.takePlayedFaults() {
            event.detail.append("the server played: \(fault)")
            if case .delay(let seconds) = fault { clock.set(clock.seconds + seconds) }
        }
        event.detail.append("\(device.name): \(queued) requests queued before, \(device.pending) after")
        if let failure {
            event.status = .note
            event.detail.append("\(device.name) not in sync: \(failure)")
        }
        let changes = ScenarioValue.changes(from: before, to: try await snapshot(of: device))
        event.changes += changes.map { "\(device.name) \($0)" }
    }

    // MARK: States

    /// A device's state as the value paths read it.
    func snapshot(of device: ScenarioUserDevice<Domain>) async throws -> ScenarioValue {
        try await domain.scenarioValue(of: device.device)
    }

    /// What a device of `user` opened afresh reads from the server: a new device, signed in as a
    /// session of its own, synced from nothing past the script's faults, then closed.
    func freshState(of user: String) async throws -> ScenarioValue {
        checks += 1
        let name = "check-\(checks)"
        let fresh = try await ScenarioUserDevice.open(
            name: name, user: user, directory: root.appendingPathComponent("checks/\(name)"),
            home: root.appendingPathComponent("homes/\(name)"), domain: domain, server: server,
            clock: { [clock] in clock.now }, playingFaults: false)
        let failure = await fresh.sync(maxFailures: 1)
        let value = try await domain.replicatedValue(of: fresh.device, user: user)
        await fresh.close()
        if let failure {
            throw ServerScenarioFailure(description: "a fresh device of \(user) could not sync: \(failure)")
        }
        return value
    }

    private func signUp(_ user: String) async throws {
        guard !accounts.contains(user) else { return }
        let client = try ServerClient(
            server: ScenarioServer.origin, connection: server.connection(playingFaults: false))
        try await client.signUp(user: user, password: ScenarioServer.password)
        accounts.insert(user)
    }
}

/// A failure of the scenario's machinery (not of the script, nor an expectation).
struct ServerScenarioFailure: Error, CustomStringConvertible {
    var description: String
}
