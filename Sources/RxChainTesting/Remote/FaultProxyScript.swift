/// The faults a ``FaultProxy`` still has to play, and the pure decisions about which
/// request or connection takes which fault.
///
/// No sockets, threads or clocks: the proxy asks under its lock and acts after it.
struct FaultProxyScript {
    /// One scripted fault and the requests it may apply to.
    struct Entry: Hashable {
        var fault: ProxyFault
        /// `nil`: any request; otherwise only a request with this method (`"PUT"`).
        var method: String?

        func applies(to method: String) -> Bool {
            self.method.map { $0.uppercased() == method.uppercased() } ?? true
        }
    }

    /// What to do with one request.
    enum RequestAction: Equatable {
        /// Relay it; with `closingConnection`, ask the server to close the connection after
        /// its answer (`Connection: close`), so that the client's next request comes on a
        /// fresh connection.
        case forward(closingConnection: Bool)
        /// Play this fault on it.
        case play(ProxyFault)
    }

    /// The faults not played yet, in order.
    private(set) var pending: [Entry] = []
    /// The faults played so far, in order.
    private(set) var played: [ProxyFault] = []
    /// Every request that arrived, in order.
    private(set) var seen: [ProxiedRequest] = []

    mutating func requestSeen(_ request: ProxiedRequest) { seen.append(request) }
    /// Adds faults to the end of the script.
    mutating func faultsScripted(_ faults: [ProxyFault], method: String?) {
        pending += faults.map { Entry(fault: $0, method: method) }
    }

    /// A connection arrived: whether it takes the earliest pending ``ProxyFault/refuse``.
    mutating func connectionAccepted() -> Bool {
        guard let index = pending.firstIndex(where: { $0.fault == .refuse }) else { return false }
        played.append(pending.remove(at: index).fault)
        return true
    }

    /// A whole request with `method` arrived.
    ///
    /// The earliest pending fault that applies to it is played. While a fault that closes
    /// the connection is still pending after that, the request is forwarded with
    /// `Connection: close`: the fault then meets the client's next request on a fresh
    /// connection (see ``FaultProxy``).
    mutating func requestArrived(method: String) -> RequestAction {
        if let index = pending.firstIndex(where: { $0.fault != .refuse && $0.applies(to: method) }) {
            let fault = pending.remove(at: index).fault
            played.append(fault)
            return .play(fault)
        }
        return .forward(closingConnection: pending.contains { $0.fault.closesTheConnection })
    }
}
