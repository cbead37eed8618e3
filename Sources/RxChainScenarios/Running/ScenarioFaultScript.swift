/// The faults a script injected (`fault …`) and not played yet, and those played since the
/// runner last asked: one script for a scenario's remote, playbook or server.
///
/// - `conflict`, `fail`, `lost response`, `status N` apply to the next write (an append, a
///   server request that is not a `GET`); `fail read` to the next read; `delay` to the next
///   operation of any kind.
/// - A fault armed by `crash … during sync` is played by the next write, before any other.
struct ScenarioFaultScript: Sendable {
    /// What an operation is, for picking the fault that applies to it.
    enum Operation { case read, write }

    private(set) var pending: [ScenarioFault] = []
    private var played: [ScenarioFault] = []
    private var armed: ScenarioFault?

    /// Adds faults to the end of the script.
    mutating func inject(_ fault: ScenarioFault, times: Int) {
        pending += Array(repeating: fault, count: times)
    }

    /// Arms `fault` for the next write, ahead of the script.
    mutating func arm(_ fault: ScenarioFault) {
        armed = fault
    }

    /// Disarms the armed fault; `true` when it was played.
    mutating func disarm() -> Bool {
        defer { armed = nil }
        return armed == nil
    }

    /// The faults played since the last call, in order (and forgets them).
    mutating func takePlayed() -> [ScenarioFault] {
        defer { played = [] }
        return played
    }

    /// Takes the earliest fault that applies to `operation`.
    mutating func take(for operation: Operation) -> ScenarioFault? {
        if operation == .write, let fault = armed {
            armed = nil
            return fault
        }
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
}
