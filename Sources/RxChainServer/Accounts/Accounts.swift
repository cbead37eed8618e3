import Foundation
import RxChainServerStorage
import RxChainSystem

/// The server's accounts and per-device sessions, kept as entries of the reserved log
/// `server/accounts` of a ``LogBook`` and folded into memory.
///
/// Every change is one entry appended through the book (so it has the book's durability,
/// idempotency and order), then folded: an operation validates against the folded state,
/// appends its entry, catches up with the log, and answers from what the fold says. Races are
/// settled by entry ids, never by a lock held across an append: two sign-ups of one name both
/// append `signup:<name>` and the log accepts one; two refreshes presenting one refresh token both
/// append `refresh:<session>:<generation>` and the log accepts one (see `AccountsEntry`). A new
/// `Accounts` over the same book folds the log again and sees the same accounts and sessions:
/// that is the restart.
///
/// Sessions: each device that logs in gets its own session with its own refresh token; refreshing
/// rotates only that device's token, so refreshing on device A never ends device B's session.
/// Access tokens are short-lived and signed with the ``ServerKey``; ``authenticate(accessToken:)``
/// also checks that the token's session is still live, so logging out, revoking a device, or
/// logging in again on the same device name ends that session's tokens at once.
///
/// Secrets: passwords are kept as PBKDF2-HMAC-SHA256 hashes under a random salt; refresh tokens
/// as SHA-256 hashes; neither appears in an entry, an error or a description.
///
/// `Accounts` is a `final class` whose folded state sits behind one lock; every method is safe
/// from any task. The lock is never held across an append or a password stretch. Stretches (the
/// cost of ``signup(user:password:)`` and `login(user:password:device:)`) run one at a time
/// on a dedicated queue, off the concurrency pool, so a burst of logins never stalls the server's
/// other tasks; refreshing and authenticating never stretch.
///
/// > Important: Clients must never read or write `server/...`: the HTTP layer refuses that
/// > prefix. Only this type appends to ``log``.
public final class Accounts: Sendable {
    /// The reserved log that holds every account and session entry.
    public static let log = try! LogName(validating: "server/accounts")  // a valid literal name

    /// The PBKDF2 iteration count for new passwords by default: 600 000, the count OWASP's Password
    /// Storage Cheat Sheet recommends for PBKDF2-HMAC-SHA256 (since 2023). Each hash stores its own
    /// count, so raising this later keeps older hashes verifiable.
    public static let defaultPasswordIterations = 600_000

    /// How long an access token works by default: 15 minutes.
    public static let defaultAccessTokenLifetime: Duration = .seconds(15 * 60)

    let book: LogBook
    let key: ServerKey
    let clock: @Sendable () -> UInt64
    /// Slows password guessing per user name.
    let throttle = LoginThrottle()
    /// Slows password guessing per client address, across names.
    let addressThrottle = LoginThrottle(freeFailures: LoginThrottle.freeFailuresPerAddress, forgetsWhenQuiet: true)
    let passwordIterations: Int
    let accessTokenLifetime: UInt64
    let signupsOpen: Bool
    /// The fold, behind the engine's `Lock` (a `Mutex` the thread sanitizer understands).
    let state: Lock<AccountsState>
    let stretcher = PasswordStretcher()

    /// Opens the accounts kept in `book`, folding what `server/accounts` already holds.
    ///
    /// - Parameters:
    ///   - book: The server's log book.
    ///   - key: The key access tokens are signed and checked with.
    ///   - signupsOpen: Whether ``signup(user:password:)`` accepts new accounts.
    ///   - passwordIterations: The PBKDF2 count for new passwords (tests pass a small one).
    ///   - accessTokenLifetime: How long an access token works (whole seconds, at least one).
    ///   - clock: Seconds since 1970, read when a token is issued or checked.
    public init(
        book: LogBook, key: ServerKey, signupsOpen: Bool = true,
        passwordIterations: Int = Accounts.defaultPasswordIterations,
        accessTokenLifetime: Duration = Accounts.defaultAccessTokenLifetime,
        clock: @escaping @Sendable () -> UInt64 = Accounts.wallClockSeconds
    ) {
        precondition(passwordIterations >= 1, "PBKDF2 needs at least one iteration")
        precondition(accessTokenLifetime >= .seconds(1), "an access token lives at least a second")
        self.book = book
        self.key = key
        self.signupsOpen = signupsOpen
        self.passwordIterations = passwordIterations
        self.accessTokenLifetime = UInt64(accessTokenLifetime.components.seconds)
        self.clock = clock
        state = Lock(AccountsState(key: key))
        catchUp()
    }

    /// Creates an account.
    ///
    /// - Throws: ``AccountError/invalidField(field:problem:)`` for a bad `user` or `password`
    ///   (400), ``AccountError/signupClosed`` (403), ``AccountError/userTaken`` when the name,
    ///   compared ignoring case, is taken, also by a concurrent sign-up (409),
    ///   ``AccountError/storageFailed(_:)`` (503).
    public func signup(user: String, password: String) async throws(AccountError) {
        try AccountFields.checkUser(user)
        try AccountFields.checkPassword(password)
        guard signupsOpen else { throw .signupClosed }
        guard !catchUp({ $0.isTaken(user) }) else { throw .userTaken }
        let iterations = passwordIterations
        let hash = await stretcher.run { PasswordHash.make(password: password, iterations: iterations) }
        guard try await record(.signup(user: user, password: hash), by: user) else { throw .userTaken }
        catchUp()
    }

    /// Signs `device` in: starts its session, ending the session the device had before.
    ///
    /// - Parameters:
    ///   - user: The account's name.
    ///   - password: The account's password, checked against its stretched hash.
    ///   - device: The device signing in; it gets its own session and refresh token.
    ///   - clientAddress: Where the request came from, as the embedding server knows it
    ///     (an IP address), for the per-address throttle; `nil` when it does not say.
    /// - Returns: A fresh access token and the device's refresh token.
    /// - Throws: ``AccountError/invalidField(field:problem:)`` for a bad `user`, `password` or
    ///   `device` (400), ``AccountError/wrongCredentials`` for an unknown user or a wrong
    ///   password, one answer for both (401), ``AccountError/tooManyAttempts(retryAfter:)`` after
    ///   too many wrong passwords in a row for the name, or from the address (429,
    ///   `LoginThrottle`), ``AccountError/sessionEnded`` when a concurrent
    ///   login of the same device replaced this one before it answered (401),
    ///   ``AccountError/storageFailed(_:)`` (503).
    public func login(user: String, password: String, device: String, from clientAddress: String? = nil)
        async throws(AccountError) -> SessionTokens
    {
        try AccountFields.checkUser(user)
        try AccountFields.checkPassword(password)
        try AccountFields.checkDevice(device)
        try await checkPassword(password, of: user, from: clientAddress)
        let session = Self.randomToken(byteCount: 16)
        let refreshToken = Self.randomToken(byteCount: 32)
        let entry = AccountsEntry.login(
            session: session, user: user, device: device, refreshHash: Self.refreshHash(of: refreshToken))
        guard try await record(entry, by: user) else { throw .sessionEnded }  // random ids do not clash
        guard catchUp({ $0.session(session) }) != nil else { throw .sessionEnded }
        return tokens(user: user, device: device, session: session, refreshToken: refreshToken)
    }

    /// Checks `password` against `user`'s, through both throttles (``LoginThrottle``): a wait
    /// still running is refused before any stretch; a wrong password counts against the name
    /// and the address; the right one clears the name's count.
    ///
    /// - Throws: ``AccountError/tooManyAttempts(retryAfter:)``, ``AccountError/wrongCredentials``
    ///   (an unknown user costs the same stretch as a known one).
    func checkPassword(_ password: String, of user: String, from clientAddress: String?) async throws(AccountError) {
        let now = clock()
        let waits = [
            throttle.wait(for: user, now: now), clientAddress.flatMap { addressThrottle.wait(for: $0, now: now) },
        ]
        if let wait = waits.compactMap({ $0 }).max() { throw .tooManyAttempts(retryAfter: wait) }
        let stored = catchUp { $0.account(user)?.password }
        // An unknown user costs the same stretch as a known one, so timing does not tell them apart.
        let candidate = stored ?? Self.decoy(iterations: passwordIterations)
        let matches = await stretcher.run { candidate.matches(password) }
        guard matches, stored != nil else {
            let failedAt = clock()
            throttle.failed(user, now: failedAt)
            if let clientAddress { addressThrottle.failed(clientAddress, now: failedAt) }
            throw .wrongCredentials
        }
        throttle.succeeded(user)
    }

    /// The wall clock in seconds since 1970, the default clock of token expiry.
    @Sendable public static func wallClockSeconds() -> UInt64 {
        UInt64(max(0, Date().timeIntervalSince1970))
    }

    /// Folds the entries appended to ``log`` since the last fold, then reads the state.
    @discardableResult
    func catchUp<Answer: Sendable>(_ read: (borrowing AccountsState) -> Answer = { _ in () }) -> Answer {
        state.withLock { state in
            while true {
                let page = book.read(Self.log, after: state.folded)
                for entry in page.entries { state.apply(entry) }
                if !page.hasMore || page.entries.isEmpty { break }
            }
            return read(state)
        }
    }

    /// Appends `entry` as `creator`: `true` when the log accepted it (or already held exactly it),
    /// `false` when its id is taken by a different entry (the race was lost).
    func record(_ entry: AccountsEntry, by creator: String) async throws(AccountError) -> Bool {
        do throws(LogAppendError) {
            try await book.append(to: Self.log, id: entry.id, body: entry.body, creator: creator)
            return true
        } catch .clash {
            return false
        } catch {
            throw .storageFailed(error)
        }
    }

    /// A new access token for the session, and the refresh token as given.
    func tokens(user: String, device: String, session: String, refreshToken: String) -> SessionTokens {
        let expiresAt = clock() + accessTokenLifetime
        let access = AccessToken(user: user, device: device, session: session, expiresAt: expiresAt)
        return SessionTokens(
            user: user, device: device, session: session, accessToken: access.signed(with: key),
            accessTokenExpiresAt: expiresAt, refreshToken: refreshToken)
    }

    /// `byteCount` bytes from `SystemRandomNumberGenerator`, as base64url.
    static func randomToken(byteCount: Int) -> String {
        var random = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &random) })
    }

    /// What the log keeps of a refresh token: the SHA-256 of its bytes (of its text if it is not
    /// base64url, which then matches nothing the server issued).
    static func refreshHash(of token: String) -> [UInt8] {
        SHA256.hash(Base64URL.decode(token) ?? Array(token.utf8))
    }

    /// The hash an unknown user's login is checked against: it costs a full stretch and matches
    /// no password anyone can find.
    private static func decoy(iterations: Int) -> PasswordHash {
        PasswordHash(
            iterations: iterations, salt: [UInt8](repeating: 0, count: PasswordHash.saltCount),
            hash: [UInt8](repeating: 0, count: PasswordHash.hashCount))
    }
}
