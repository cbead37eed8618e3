extension Accounts {
    /// Rotates a device's refresh token and issues a new access token for its session.
    ///
    /// The token presented stops working: of two refreshes presenting the same token (a retry
    /// racing the original, or a stolen copy), exactly one succeeds. Other devices' sessions are
    /// untouched.
    ///
    /// - Throws: ``AccountError/invalidRefreshToken`` when the token is malformed, unknown,
    ///   already rotated, or its session ended (401); ``AccountError/storageFailed(_:)`` (503).
    public func refresh(refreshToken: String) async throws(AccountError) -> SessionTokens {
        guard let bytes = Base64URL.decode(refreshToken), bytes.count == 32 else { throw .invalidRefreshToken }
        guard let session = catchUp({ $0.session(refreshHash: Self.refreshHash(of: refreshToken)) }) else {
            throw .invalidRefreshToken
        }
        let next = Self.randomToken(byteCount: 32)
        let nextHash = Self.refreshHash(of: next)
        let entry = AccountsEntry.refresh(session: session.id, generation: session.generation, refreshHash: nextHash)
        guard try await record(entry, by: session.user) else { throw .invalidRefreshToken }
        // The entry may have landed after an end or a newer login: only the fold knows if it counts.
        guard catchUp({ $0.session(session.id)?.refreshHash == nextHash }) else { throw .invalidRefreshToken }
        return tokens(user: session.user, device: session.device, session: session.id, refreshToken: next)
    }

    /// Checks an access token: its signature, its expiry, and that its session is still live.
    ///
    /// Synchronous and cheap (one HMAC and a fold of whatever was appended since the last call).
    /// An access token issued before a refresh keeps working until it expires (it names the
    /// session, not the refresh generation); only the end of its session stops it early.
    ///
    /// - Returns: The user, device and session the token was issued to.
    /// - Throws: ``AccountError/invalidAccessToken`` for a malformed or badly signed token,
    ///   ``AccountError/expiredAccessToken`` once its lifetime is over, ``AccountError/sessionEnded``
    ///   when its session was logged out, revoked or replaced (all 401).
    public func authenticate(accessToken: String) throws(AccountError) -> Principal {
        let token = try AccessToken(verifying: accessToken, key: key)
        guard clock() < token.expiresAt else { throw .expiredAccessToken }
        let account = catchUp { state -> AccountsState.Account? in
            let live = state.session(token.session).map { $0.user == token.user && $0.device == token.device }
            return live == true ? state.account(token.user) : nil
        }
        guard let account else { throw .sessionEnded }
        return principal(account, device: token.device, session: token.session, credential: .session)
    }

    /// The devices `user` is signed in on, ordered by device name (empty for an unknown user).
    public func devices(of user: String) -> [DeviceSession] {
        catchUp { $0.sessions(of: user) }.map {
            DeviceSession(device: $0.device, session: $0.id, signedInAt: $0.signedInAt, refreshedAt: $0.refreshedAt)
        }
    }

    /// Ends the session of `user`'s device `device`: its access and refresh tokens stop working at
    /// once. The user's other devices stay signed in.
    ///
    /// - Parameters:
    ///   - device: The device to sign out.
    ///   - user: The authenticated user doing it (only a device's own user may revoke it).
    /// - Throws: ``AccountError/invalidField(field:problem:)`` for a bad device name (400),
    ///   ``AccountError/unknownDevice(_:)`` when the user has no signed-in device of that name
    ///   (404), ``AccountError/storageFailed(_:)`` (503).
    public func revoke(device: String, of user: String) async throws(AccountError) {
        try AccountFields.checkDevice(device)
        guard let session = catchUp({ $0.session(user: user, device: device) }) else {
            throw .unknownDevice(device)
        }
        // A clash means a logout of the same session got there first: ended either way.
        _ = try await record(.end(session: session.id, reason: .revoked), by: user)
        catchUp()
    }

    /// Ends the principal's own session (its device logs out); a repeat changes nothing.
    ///
    /// - Throws: ``AccountError/sessionEnded`` when the session had already ended before this call
    ///   (401), ``AccountError/storageFailed(_:)`` (503).
    public func logout(_ principal: Principal) async throws(AccountError) {
        guard catchUp({ $0.session(principal.session)?.user == principal.user }) else { throw .sessionEnded }
        // A clash means a revoke of the same session got there first: ended either way.
        _ = try await record(.end(session: principal.session, reason: .logout), by: principal.user)
        catchUp()
    }

    /// Whether an account named exactly `user` exists (`Bob` is not `bob`'s account); the
    /// access control grants only accounts. Accounts are never removed: a `true` stays true.
    public func hasAccount(_ user: String) -> Bool {
        catchUp { $0.account(user) != nil }
    }
}
