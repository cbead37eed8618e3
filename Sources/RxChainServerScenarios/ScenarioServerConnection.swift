import RxChainJSON
import RxChainRemotes
import RxChainScenarios

/// How a device of a server scenario reaches the scenario's server: in process, playing the
/// script's faults on the way (see `ScenarioServer`). A ``ServerScenarioDomain`` hands it to the
/// device it opens in ``ServerScenarioDomain/openDevice(directory:setting:sessions:connection:clock:)``.
public struct ScenarioServerConnection: Sendable {
    let server: ScenarioServer
    /// Whether the script's faults apply (not to the runner's own requests: sign-ins, the
    /// fresh devices of `expect … == server`).
    let playsFaults: Bool
}

extension ScenarioServerConnection: ServerConnection {
    package func exchange(_ request: ServerConnectionRequest) async throws -> ServerAnswer {
        // A session refresh is the client's own bookkeeping, not the device's sync: the
        // script's faults are for the requests it refreshed for.
        let fault =
            playsFaults && !request.path.hasPrefix("/sessions")
            ? server.takeFault(for: request.method == "GET" ? .read : .write) : nil
        switch fault {
        case .fail?, .failRead?:
            throw ServerClientError.unreachable(server: ScenarioServer.origin, reason: "injected fault: \(fault!)")
        case .status(let status)?:
            var body = JSONObjectWriter()
            body.member("error", "injected")
            body.member("message", "injected fault: status \(status)")
            return ServerAnswer(status: status, body: body.finish(), server: ScenarioServer.origin)
        case .lostResponse?:
            let answer = try await server.respond(to: request)
            if answer.status == 401 {
                // Turned away unread (an expired access token): nothing was written, so the
                // request the client sends again once it refreshed its session loses its answer.
                server.putBack(.lostResponse)
                return answer
            }
            throw ServerClientError.unreachable(server: ScenarioServer.origin, reason: "injected fault: lost response")
        case .conflict?, .delay?, nil:
            return try await server.respond(to: request)
        }
    }
}
