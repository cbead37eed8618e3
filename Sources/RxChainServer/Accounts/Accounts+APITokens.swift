extension Accounts {
    /// The password HTTP Basic carries with an API token in place of the user name, as Toggl's
    /// clients send it: `Authorization: Basic base64(TOKEN:api_token)`.
    public static let apiTokenPassword = "api_token"

    /// Checks HTTP Basic credentials, as a Toggl client sends them: `TOKEN:api_token` (the user's
    /// `APIToken`) or `NAME:PASSWORD`.
    ///
    /// Both go through the password-guessing throttles of ``login(user:password:device:from:)``
    /// (`LoginThrottle`): a password counts against the name and the client address; a wrong
    /// API token, which names no user, against the address. A password costs a full stretch, every
    /// request: a client that signs in often should use the API token.
    ///
    /// - Parameters:
    ///   - user: The Basic user name: an API token, or an account name.
    ///   - password: ``apiTokenPassword`` after a token, else the account's password.
    ///   - clientAddress: Where the request came from (the per-address throttle).
    /// - Returns: The principal, without a device or session.
    /// - Throws: ``AccountError/wrongCredentials`` (an unknown name or token, a wrong password, a
    ///   rotated token), ``AccountError/tooManyAttempts(retryAfter:)`` (429),
    ///   ``AccountError/invalidField(field:problem:)`` for a malformed name or password (400).
    public func authenticate(basicUser user: String, password: String, from clientAddress: String?)
        async throws(AccountError) -> Principal
    {
        if password == Self.apiTokenPassword {
            let now = clock()
            if let clientAddress, let wait = addressThrottle.wait(for: clientAddress, now: now) {
                throw .tooManyAttempts(retryAfter: wait)
            }
            guard let account = catchUp({ state in state.user(apiToken: user).flatMap { state.account($0) } }) else {
                if let clientAddress { addressThrottle.failed(clientAddress, now: clock()) }
                throw .wrongCredentials
            }
            return principal(account, device: "", session: "", credential: .apiToken)
        }
        try AccountFields.checkUser(user)
        try AccountFields.checkPassword(password)
        try await checkPassword(password, of: user, from: clientAddress)
        guard let account = catchUp({ $0.account(user) }) else { throw .wrongCredentials }
        return principal(account, device: "", session: "", credential: .password)
    }

    /// The current API token of `user`, or `nil` for an unknown user.
    public func apiToken(of user: String) -> String? {
        catchUp { state in state.account(user).map { state.apiToken(of: $0, key: key) } }
    }

    /// Replaces `user`'s API token: the one it had stops working at once (for every request
    /// authenticated after this returns), and the new one is returned.
    ///
    /// Two rotations racing from the same token both return the one token that replaced it.
    ///
    /// - Throws: ``AccountError/wrongCredentials`` for an unknown user,
    ///   ``AccountError/storageFailed(_:)`` (503).
    public func rotateAPIToken(of user: String) async throws(AccountError) -> String {
        guard let generation = catchUp({ $0.account(user)?.apiTokenGeneration }) else { throw .wrongCredentials }
        // A clash means a concurrent rotation from the same token won: its token is the new one.
        _ = try await record(.rotateAPIToken(user: user, generation: generation), by: user)
        guard let token = apiToken(of: user) else { throw .wrongCredentials }
        return token
    }

    /// The principal of `account`, with its number and current API token.
    func principal(
        _ account: AccountsState.Account, device: String, session: String, credential: Principal.Credential
    ) -> Principal {
        Principal(
            user: account.user, device: device, session: session, accountId: Int(clamping: account.number),
            apiToken: APIToken.derive(user: account.user, generation: account.apiTokenGeneration, key: key),
            credential: credential)
    }
}
