/// The pure state of a ``FaultInjectingRemote``: the faults still to play and what was counted.
struct FaultScript {
    private(set) var pending: [RemoteFault] = []
    private(set) var operations: [RemoteOperation: Int] = [:]
    private(set) var injected: [RemoteFault] = []

    /// Adds faults at the end of the script.
    mutating func faultsScripted(_ faults: [RemoteFault]) {
        pending.append(contentsOf: faults)
    }

    /// Counts an operation of `kind` and takes the earliest scripted fault that applies to it.
    mutating func operationStarted(_ kind: RemoteOperation) -> RemoteFault? {
        operations[kind, default: 0] += 1
        guard let index = pending.firstIndex(where: { $0.applies(to: kind) }) else { return nil }
        let fault = pending.remove(at: index)
        injected.append(fault)
        return fault
    }
}
