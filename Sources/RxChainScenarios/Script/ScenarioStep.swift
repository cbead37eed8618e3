import RxChainJSON

/// One line of a script that does something, as the parser understood it.
package struct ScenarioStep<Command: Sendable>: Sendable {
    /// Where the line is.
    package var location: ScenarioLocation
    /// The line as written (trimmed), for traces and failure reports.
    package var text: String
    package var action: Action

    package enum Action: Sendable {
        /// Send a message to a device (`phone: add t1 12.5 food`).
        case send(device: String, DeviceMessage)
        /// Take devices offline (`offline phone`) or back online (`online phone`).
        case setOnline(devices: [String], Bool)
        /// Sync devices with the remote, one after the other (`sync phone laptop`).
        case sync(devices: [String])
        /// Move the virtual clock forward (`advance 5m`).
        case advance(seconds: Int64)
        /// Set the virtual clock (`clock 2026-11-01T12:00:00Z`).
        case setClock(Timestamp)
        /// Drop a device's memory and reopen it from disk, optionally in the middle of a sync.
        case crash(device: String, during: CrashPoint?)
        /// Make the remote fail on its next operations (`fault conflict`, `fault delay 2s x3`).
        case fault(ScenarioFault, times: Int)
        /// Append a raw line to the remote playbook, as another tool would (`playbook append …`).
        case appendToPlaybook(line: String)
        /// Append a file's lines to the remote playbook (`playbook load quickstart.ndjson`).
        case loadPlaybook(path: String)
        /// Close the scenario's server and open it again from its files (`server restart`).
        case restartServer
        /// Check something (`expect phone transactions.t1.charge == 12.5`).
        case expect(ScenarioExpectation)
    }

    /// Whether the step checks something (an `expect` line).
    var isExpectation: Bool {
        if case .expect = action { return true }
        return false
    }

    /// Where a `crash … during sync` stops the device.
    package enum CrashPoint: String, Sendable {
        /// After the download was applied and saved, before anything was appended.
        case afterDownload = "after download"
        /// After the remote committed the append, before the device heard the answer.
        case afterWrite = "after write"
    }

    /// What a device is sent.
    package enum DeviceMessage: Sendable {
        /// One of the domain's own steps.
        case command(Command)
        /// A raw NDJSON action line (`send {…}` or `{…}`), read by the domain when it runs (a
        /// bad line is the device's error, as it would be for any input).
        case raw(String)
    }
}

/// A fault the scenario's remote plays on its next operation of the matching kind.
package enum ScenarioFault: Sendable, Hashable, CustomStringConvertible {
    /// The next append answers "conflict" without writing.
    case conflict
    /// The next append fails before writing anything.
    case fail
    /// The next append commits, then fails as if its answer was lost.
    case lostResponse
    /// The next read fails.
    case failRead
    /// The next operation first takes this long (on the virtual clock).
    case delay(seconds: Int64)
    /// The next write is answered with this HTTP status without reaching the server.
    case status(Int)

    package var description: String {
        switch self {
        case .conflict: "conflict"
        case .fail: "fail"
        case .lostResponse: "lost response"
        case .failRead: "fail read"
        case .delay(let seconds): "delay \(ScenarioDuration.describe(seconds))"
        case .status(let status): "status \(status)"
        }
    }
}
