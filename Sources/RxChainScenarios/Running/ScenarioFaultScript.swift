/// The faults a script injected (`fault …`) and not played yet, and those played since the
/// runner last asked: one script for a scenario's remote, playbook or server.
///
/// - `conflict`, `fail`, `lost response`, `status N` apply to the next write (an append, a
///   server request that is not a `GET`); `fail read` to the next read; `delay` to the next
///   operation of any kind.
/// - A fault armed by `crash … during sync` is played by the next write, before any other.
package struct ScenarioFaultScript: Sendable {
    /// What an operation is, for picking the fault that applies to it.
    package enum Operation { case read, write }

    package private(set) var pending: [ScenarioFault] = []
    private var played: [ScenarioFault] = []
    private var armed: ScenarioFault?
    /// Where the fault ``take(for:)`` returned last came from: armed (`true`) or the script.
    private var lastTakenWasArmed = false

    /// An empty script.
    package init() {}

    /// Adds faults to the end of the script.
    package mutating func inject(_ fault: ScenarioFault, times: Int) {
        pending += Array(repeating: fault, count: times)
    }

    /// Arms `fault` for the next write, ahead of the script.
    package mutating func arm(_ fault: ScenarioFault) {
        armed = fault
    }

    /// Disarms the armed fault; `true` when it was played.
    package mutating func disarm() -> Bool {
        defer { armed = nil }
        return armed == nil
    }

    /// The faults played since the last call, in order (and forgets them).
    package mutating func takePlayed() -> [ScenarioFault] {
        defer { played = [] }
        return played
    }

    /// Takes the earliest fault that applies to `operation`.
    package mutating func take(for operation: Operation) -> ScenarioFault? {
        if operation == .write, let fault = armed {
            armed = nil
            lastTakenWasArmed = true
            return fault
        }
        lastTakenWasArmed = false
        let index = pending.firstIndex { fault in
            switch fault {
            case .conflict, .fail, .lostResponse, .status: operation == .write
            case .failRead: operation == .read
            case .delay: true
            }
        }
        guard let index else { return nil }
        let fault = pending.remove(at: index)
        played.append(fault)
        return fault
    }

    /// Gives back `fault`, the one ``take(for:)`` returned last, unplayed: the operation it was
    /// taken for did nothing (the server turned it away before reading it, as a `401` for an
    /// expired access token, which the client refreshes and sends again), so the next one of
    /// its kind plays it.
    package mutating func putBack(_ fault: ScenarioFault) {
        if lastTakenWasArmed {
            armed = fault
        } else {
            if let index = played.lastIndex(of: fault) { played.remove(at: index) }
            pending.insert(fault, at: 0)
        }
    }
}
