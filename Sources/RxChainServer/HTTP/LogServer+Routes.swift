import Foundation
import RxChainServerStorage

extension LogServer {
    /// Dispatches a request by its path's first segment, then its method.
    func route(_ request: ServerRequest) async throws -> ServerResponse {
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.first == "" { segments.removeFirst() }
        let method = request.method.uppercased()
        func only(_ allowed: String) throws(ServerError) {
            if method != allowed { throw .methodNotAllowed(method, path) }
        }
        switch (segments.first ?? "", segments.count) {
        case ("health", 1):
            try only("GET")
            return .json { $0.member("status", "ok") }
        case ("ready", 1):
            try only("GET")
            return try ready()
        case ("metrics", 1):
            try only("GET")
            return metricsText()
        case ("openapi.json", 1):
            try only("GET")
            return openAPIDocument()
        case ("accounts", 1):
            try only("POST")
            return try await signUp(request)
        case ("accounts", 3) where segments[1] == "current" && segments[2] == "api-token":
            switch method {
            case "GET": return try showAPIToken(request)
            case "POST": return try await rotateAPIToken(request)
            default: throw ServerError.methodNotAllowed(method, path)
            }
        case ("sessions", 1):
            try only("POST")
            return try await signIn(request)
        case ("sessions", 2) where segments[1] == "refresh":
            try only("POST")
            return try await refresh(request)
        case ("sessions", 2) where segments[1] == "current":
            try only("DELETE")
            return try await signOut(request)
        case ("devices", 1):
            try only("GET")
            return try devices(request)
        case ("devices", 2):
            try only("DELETE")
            return try await revokeDevice(request, device: try decoded(segments[1], "device"))
        case ("logs", 2...):
            let log = try logName(segments.dropFirst())
            switch method {
            case "GET": return try await read(request, log: log)
            case "POST": return try await append(request, log: log)
            default: throw ServerError.methodNotAllowed(method, path)
            }
        case ("feed", 1):
            try only("GET")
            return try await feed(request)
        case ("families", 3...):
            let text = try decoded(segments[1], "family") + "/" + decoded(segments[2], "family")
            guard let family = LogFamily(text) else {
                throw ServerError.invalidField("family", "\(String(reflecting: text)) is not KIND/ID")
            }
            switch (method, Array(segments.dropFirst(3))) {
            case ("GET", []): return try describeFamily(request, family)
            case ("POST", ["claim"]): return try await claim(request, family)
            case ("PUT", let rest) where rest.count == 2 && rest[0] == "members":
                return try await grant(request, family, member: try decoded(rest[1], "user"))
            case ("DELETE", let rest) where rest.count == 2 && rest[0] == "members":
                return try await revoke(request, family, member: try decoded(rest[1], "user"))
            default: throw ServerError.notFound(path)
            }
        default:
            guard let service = services.first(where: { path.hasPrefix($0.pathPrefix) }) else {
                throw ServerError.notFound(path)
            }
            return await service.respond(to: request, principal: try await authenticateForService(request))
        }
    }

    /// The log named by the path segments after `/logs/`, decoded once and validated; the
    /// reserved `server/` logs are never reachable.
    func logName(_ segments: ArraySlice<String>) throws(ServerError) -> LogName {
        let text = try decoded(segments.joined(separator: "/"), "log")
        let name: LogName
        do {
            name = try LogName(validating: text)
        } catch {
            throw ServerError(status: 400, code: "invalid_log_name", message: error.description, field: "log")
        }
        if name.isReserved {
            throw ServerError.forbidden("logs under '\(LogName.reservedPrefix)/' are the server's own")
        }
        return name
    }

    /// `text` percent-decoded once.
    func decoded(_ text: String, _ field: String) throws(ServerError) -> String {
        if !text.utf8.contains(UInt8(ascii: "%")) { return text }
        guard let decoded = text.removingPercentEncoding else {
            throw .invalidField(field, "has an invalid percent-encoding")
        }
        return decoded
    }
}
