import Foundation
import RxChainJSON

/// Account operations: what `rxchain account` does. Passwords travel only in request bodies and
/// are never kept; tokens only in the session file.
extension ServerClient {
    /// One of the user's signed-in devices, as `GET /devices` lists it.
    public struct Device: Sendable, Equatable {
        /// The device's name.
        public let device: String
        /// When it signed in, in microseconds since 1970 (server time).
        public let signedInAt: UInt64
        /// Whether it is the device asking.
        public let current: Bool
    }

    /// Creates an account (`POST /accounts`).
    ///
    /// - Throws: ``ServerClientError/refused(server:status:code:message:)`` when the server
    ///   refuses (409 `taken`, 403 `signup_closed`, 400 naming the field), or a transport error.
    public func signUp(user: String, password: String) async throws {
        try ServerSessionStore.validate(user: user)
        var body = JSONObjectWriter()
        body.member("user", user)
        body.member("password", password)
        try await send("POST", "/accounts", body: body.finish()).requireSuccess()
    }

    /// Signs this device in (`POST /sessions`) and returns the new session, which the client then
    /// signs requests with; saved to `sessions` when the client has a store.
    public func signIn(user: String, password: String, device: String) async throws -> ServerSession {
        try ServerSessionStore.validate(user: user)
        var body = JSONObjectWriter()
        body.member("user", user)
        body.member("password", password)
        body.member("device", device)
        let answer = try await send("POST", "/sessions", body: body.finish())
        try answer.requireSuccess()
        let session = try Self.session(from: answer, server: server)
        try adopt(session)
        return session
    }

    /// Signs this device out (`DELETE /sessions/current`): the server ends the session, so its
    /// tokens stop working everywhere.
    public func signOut() async throws {
        try await sendSigned("DELETE", "/sessions/current").requireSuccess()
    }

    /// The user's signed-in devices (`GET /devices`).
    public func devices() async throws -> [Device] {
        let answer = try await sendSigned("GET", "/devices")
        try answer.requireSuccess()
        return try answer.read { body throws(JSONFieldError) in
            var devices: [Device] = []
            for entry in try body.objects("devices") {
                devices.append(
                    Device(
                        device: try entry.string("device"), signedInAt: try entry.count("signedInAt"),
                        current: try entry.boolean("current")))
            }
            return devices
        }
    }

    /// Ends one of the user's device sessions (`DELETE /devices/DEVICE`).
    public func revoke(device: String) async throws {
        let encoded = device.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? device
        try await sendSigned("DELETE", "/devices/\(encoded)").requireSuccess()
    }

    /// The user's API token (`GET /accounts/current/api-token`), or a new one that replaces it
    /// (`POST`, `rotate`): what a Toggl-style client sends as HTTP Basic `TOKEN:api_token`.
    public func apiToken(rotate: Bool = false) async throws -> String {
        let answer = try await sendSigned(rotate ? "POST" : "GET", "/accounts/current/api-token")
        try answer.requireSuccess()
        return try answer.read { body throws(JSONFieldError) in try body.string("apiToken") }
    }
}
