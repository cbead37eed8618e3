import RxChainSystem

/// Slows password guessing: after ``freeFailures`` wrong passwords in a row for one key (a user
/// name, or a client's address), that key's next login is refused until a wait has passed, a
/// wait that doubles with each further failure (1 s, 2 s, 4 s … at most ``longestWait``).
///
/// ``Accounts`` keeps two. One per user name (5 free failures), unknown names included, so
/// guessing which names exist gains nothing; a successful login clears the name's count. One per
/// client address, when the embedding server gives one (20 free failures across any names, for
/// many people behind one address); a success does not clear it, or one known password would
/// open the way for guessing others, so its count is forgotten instead once the address has been
/// quiet for ``longestWait`` after its last failure and its last wait. A refused attempt costs no
/// password stretch. A table holds at most ``capacity`` keys; when full, keys whose wait is over
/// are dropped first (then the oldest), so a flood of made-up names cannot grow it without bound.
///
/// > Important: Thread-safe: its state sits behind a `Lock`.
final class LoginThrottle: Sendable {
    /// Wrong passwords in a row for one name that cost nothing more than the stretch.
    static let freeFailuresPerName = 5
    /// Wrong passwords from one client address, across names, before its logins wait.
    static let freeFailuresPerAddress = 20
    /// The longest a key waits between attempts.
    static let longestWait: UInt64 = 15 * 60
    /// The most keys a table keeps.
    static let capacity = 10_000

    /// Wrong passwords in a row that cost nothing more than the stretch.
    let freeFailures: Int
    /// Whether a count is forgotten after a quiet ``longestWait`` (else only a success clears it).
    let forgetsWhenQuiet: Bool

    /// A throttle that lets `freeFailures` wrong passwords in a row through before any wait.
    init(freeFailures: Int = LoginThrottle.freeFailuresPerName, forgetsWhenQuiet: Bool = false) {
        self.freeFailures = freeFailures
        self.forgetsWhenQuiet = forgetsWhenQuiet
    }

    private struct Failures {
        var count: Int
        /// The first second (since 1970) at which the next attempt is allowed.
        var allowedAt: UInt64
        /// When the last wrong password came.
        var lastFailureAt: UInt64
    }

    private let table = Lock([String: Failures]())

    /// How many seconds `key` must still wait before trying again at `now`, or `nil` when it may.
    func wait(for key: String, now: UInt64) -> UInt64? {
        table.withLock { table in
            guard let failures = table[key.lowercased()], failures.allowedAt > now else { return nil }
            return failures.allowedAt - now
        }
    }

    /// Counts a wrong password for `key` at `now`.
    func failed(_ key: String, now: UInt64) {
        table.withLock { table in
            let key = key.lowercased()
            var failures = table[key] ?? Failures(count: 0, allowedAt: 0, lastFailureAt: now)
            if forgetsWhenQuiet, now >= max(failures.allowedAt, failures.lastFailureAt) + Self.longestWait {
                failures.count = 0
            }
            failures.count += 1
            failures.lastFailureAt = now
            let beyond = failures.count - freeFailures
            if beyond > 0 {
                let wait = beyond > 10 ? Self.longestWait : min(Self.longestWait, UInt64(1) << UInt64(beyond - 1))
                failures.allowedAt = now + wait
            }
            if table[key] == nil, table.count >= Self.capacity {
                let expired = table.filter { $0.value.allowedAt <= now }.map(\.key)
                for name in expired.prefix(max(1, Self.capacity / 10)) { table[name] = nil }
                if table.count >= Self.capacity, let oldest = table.min(by: { $0.value.allowedAt < $1.value.allowedAt })
                {
                    table[oldest.key] = nil
                }
            }
            table[key] = failures
        }
    }

    /// Clears `key`'s count (a name's, after a successful login).
    func succeeded(_ key: String) {
        table.withLock { $0[key.lowercased()] = nil }
    }
}
