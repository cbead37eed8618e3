import RxChain

/// Slows password guessing: after ``freeFailures`` wrong passwords in a row for one user name,
/// that name's next login is refused until a wait has passed, a wait that doubles with each
/// further failure (1 s, 2 s, 4 s … at most ``longestWait``). A successful login clears the count.
///
/// Counted per user name (the core does not see client addresses), unknown names included, so
/// guessing which names exist gains nothing. A refused attempt costs no password stretch. The
/// table holds at most ``capacity`` names; when full, names whose wait is over are dropped first
/// (then the oldest), so a flood of made-up names cannot grow it without bound.
///
/// > Important: Thread-safe: its state sits behind a `Lock`.
final class LoginThrottle: Sendable {
    /// Wrong passwords in a row that cost nothing more than the stretch.
    static let freeFailures = 5
    /// The longest a name waits between attempts.
    static let longestWait: UInt64 = 15 * 60
    /// The most names the table keeps.
    static let capacity = 10_000

    private struct Failures {
        var count: Int
        /// The first second (since 1970) at which the next attempt is allowed.
        var allowedAt: UInt64
    }

    private let table = Lock([String: Failures]())

    /// How many seconds `user` must still wait before trying again at `now`, or `nil` when it may.
    func wait(for user: String, now: UInt64) -> UInt64? {
        table.withLock { table in
            guard let failures = table[user.lowercased()], failures.allowedAt > now else { return nil }
            return failures.allowedAt - now
        }
    }

    /// Counts a wrong password for `user` at `now`.
    func failed(_ user: String, now: UInt64) {
        table.withLock { table in
            let key = user.lowercased()
            var failures = table[key] ?? Failures(count: 0, allowedAt: 0)
            failures.count += 1
            let beyond = failures.count - Self.freeFailures
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

    /// Clears `user`'s count after a successful login.
    func succeeded(_ user: String) {
        table.withLock { $0[user.lowercased()] = nil }
    }
}
