import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The few JSON requests the server benchmark sends itself (sign-ups, sessions, the follower's
/// polls and appends), over `URLSession`'s async API, so no thread of the pool waits on them.
struct BenchHTTPClient: Sendable {
    /// An answer that was not the status expected.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The server's origin, `http://127.0.0.1:PORT`.
    let origin: String
    private let session: URLSession

    init(origin: String) {
        self.origin = origin
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = 8
        session = URLSession(configuration: configuration)
    }

    /// Sends a request and returns its JSON object body; throws ``Failure`` unless the status is `expected`.
    func send(
        _ method: String, _ path: String, token: String? = nil, body: [String: Any]? = nil, expected: Int = 200
    ) async throws -> [String: Any] {
        guard let url = URL(string: origin + path) else { throw Failure(description: "bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 120
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == expected else {
            throw Failure(
                description:
                    "\(method) \(path) answered \(status), not \(expected): \(String(decoding: data, as: UTF8.self))"
            )
        }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// Signs up `user` and signs in `device`; returns the access token.
    func signUp(user: String, password: String, device: String) async throws -> String {
        _ = try await send("POST", "/accounts", body: ["user": user, "password": password], expected: 201)
        return try await signIn(user: user, password: password, device: device)
    }

    /// Signs in another `device` of `user`; returns its access token.
    func signIn(user: String, password: String, device: String) async throws -> String {
        let answer = try await send(
            "POST", "/sessions", body: ["user": user, "password": password, "device": device])
        guard let token = answer["accessToken"] as? String else {
            throw Failure(description: "POST /sessions answered no accessToken")
        }
        return token
    }
}
