import Foundation
import RxChainJSON

extension LogServer {
    /// The signed-in user and device of a request's `Authorization: Bearer` token.
    func authenticate(_ request: ServerRequest) throws(ServerError) -> Principal {
        guard let header = request.authorization else {
            throw .unauthenticated("this route needs 'Authorization: Bearer ACCESS_TOKEN'")
        }
        guard let token = Self.credentials(header, scheme: "Bearer") else {
            throw .unauthenticated("the Authorization header must be 'Bearer ACCESS_TOKEN'")
        }
        do {
            let principal = try accounts.authenticate(accessToken: token)
            RequestTrace.current?.user = principal.user
            return principal
        } catch {
            throw ServerError(error)
        }
    }

    /// The principal of a request to a mounted service: a device's `Bearer` access token, or HTTP
    /// Basic as Toggl's clients send it (`API_TOKEN:api_token` or `NAME:PASSWORD`).
    ///
    /// Wrong Basic credentials are answered `403` as Toggl answers them (its clients read a 403
    /// as "not signed in"); no credentials, or a refused access token, `401`, after which a device
    /// refreshes its token.
    func authenticateForService(_ request: ServerRequest) async throws(ServerError) -> Principal {
        guard let header = request.authorization, let encoded = Self.credentials(header, scheme: "Basic") else {
            return try authenticate(request)
        }
        guard let bytes = Data(base64Encoded: encoded), let decoded = String(validating: Array(bytes), as: UTF8.self),
            let colon = decoded.firstIndex(of: ":")
        else {
            throw .unauthenticated("the Authorization header must be 'Basic base64(USER:PASSWORD)'")
        }
        do {
            let principal = try await accounts.authenticate(
                basicUser: String(decoded[..<colon]), password: String(decoded[decoded.index(after: colon)...]),
                from: request.clientAddress)
            RequestTrace.current?.user = principal.user
            return principal
        } catch .wrongCredentials {
            throw ServerError(status: 403, code: "unauthenticated", message: AccountError.wrongCredentials.description)
        } catch {
            throw ServerError(error)
        }
    }

    /// The credentials after `scheme` (compared ignoring case, as RFC 9110 says) in an
    /// `Authorization` header, or `nil` for another scheme.
    static func credentials(_ header: String, scheme: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == scheme.lowercased() else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// `GET /accounts/current/api-token`: the user's API token (for HTTP Basic
    /// `TOKEN:api_token`).
    func showAPIToken(_ request: ServerRequest) throws -> ServerResponse {
        let principal = try authenticate(request)
        return .json { object in
            object.member("user", principal.user)
            object.member("apiToken", principal.apiToken)
        }
    }

    /// `POST /accounts/current/api-token`: replaces the user's API token; the old one stops
    /// working at once.
    func rotateAPIToken(_ request: ServerRequest) async throws -> ServerResponse {
        let principal = try authenticate(request)
        let token: String
        do {
            token = try await accounts.rotateAPIToken(of: principal.user)
        } catch {
            throw ServerError(error)
        }
        return .json { object in
            object.member("user", principal.user)
            object.member("apiToken", token)
        }
    }

    /// `POST /accounts` `{user, password}`: creates an account while signups are open.
    func signUp(_ request: ServerRequest) async throws -> ServerResponse {
        let object = try JSONObjectReader(request.body)
        let user = try object.string("user")
        let password = try object.string("password")
        do {
            try await accounts.signup(user: user, password: password)
        } catch {
            throw ServerError(error)
        }
        return .json(201) { $0.member("user", user) }
    }

    /// `POST /sessions` `{user, password, device}`: signs a device in.
    func signIn(_ request: ServerRequest) async throws -> ServerResponse {
        let object = try JSONObjectReader(request.body)
        let user = try object.string("user")
        let password = try object.string("password")
        let device = try object.string("device")
        do {
            return LogServer.response(
                try await accounts.login(user: user, password: password, device: device, from: request.clientAddress))
        } catch {
            throw ServerError(error)
        }
    }

    /// `POST /sessions/refresh` `{refreshToken}`: new tokens for the refresh token's device.
    func refresh(_ request: ServerRequest) async throws -> ServerResponse {
        let token = try JSONObjectReader(request.body).string("refreshToken")
        do {
            return LogServer.response(try await accounts.refresh(refreshToken: token))
        } catch {
            throw ServerError(error)
        }
    }

    /// `DELETE /sessions/current`: signs the request's device out.
    func signOut(_ request: ServerRequest) async throws -> ServerResponse {
        let principal = try authenticate(request)
        do {
            try await accounts.logout(principal)
        } catch {
            throw ServerError(error)
        }
        return .noContent
    }

    /// `GET /devices`: the user's signed-in devices.
    func devices(_ request: ServerRequest) throws -> ServerResponse {
        let principal = try authenticate(request)
        let devices = accounts.devices(of: principal.user)
        return .json { object in
            object.member("devices", objects: devices) { entry, device in
                entry.member("device", device.device)
                entry.member("signedInAt", device.signedInAt)
                entry.member("current", device.device == principal.device)
            }
        }
    }

    /// `DELETE /devices/DEVICE`: ends one of the user's device sessions.
    func revokeDevice(_ request: ServerRequest, device: String) async throws -> ServerResponse {
        let principal = try authenticate(request)
        do {
            try await accounts.revoke(device: device, of: principal.user)
        } catch {
            throw ServerError(error)
        }
        return .noContent
    }

    /// The body of a sign-in or refresh: the tokens and when the access token expires.
    static func response(_ tokens: SessionTokens) -> ServerResponse {
        .json { object in
            object.member("user", tokens.user)
            object.member("device", tokens.device)
            object.member("accessToken", tokens.accessToken)
            object.member("accessTokenExpiresAt", tokens.accessTokenExpiresAt)
            object.member("refreshToken", tokens.refreshToken)
        }
    }
}

extension ServerError {
    /// The HTTP form of a refused account or session operation; every 401 is `unauthenticated`
    /// (the message says why: expired, ended, unknown user or wrong password as one).
    init(_ error: AccountError) {
        switch error {
        case .invalidField(let field, _):
            self.init(status: 400, code: "invalid_field", message: error.description, field: field)
        case .signupClosed: self.init(status: 403, code: "signup_closed", message: error.description)
        case .userTaken: self.init(status: 409, code: "taken", message: error.description, field: "user")
        case .unknownDevice: self.init(status: 404, code: "not_found", message: error.description, field: "device")
        case .storageFailed: self = .unavailable(error.description)
        case .tooManyAttempts(let seconds):
            self.init(status: 429, code: "too_many_attempts", message: error.description, field: "user")
            retryAfter = seconds
        case .wrongCredentials, .invalidAccessToken, .expiredAccessToken, .sessionEnded, .invalidRefreshToken:
            self = .unauthenticated(error.description)
        }
    }
}
