import RxChainTesting
import Synchronization

@testable import RxChainServer

/// A clock in seconds that moves only when a test moves it.
final class ManualClock: Sendable {
    private let seconds: Mutex<UInt64>

    init(_ start: UInt64 = 1_700_000_000) { seconds = Mutex(start) }

    var now: UInt64 { seconds.withLock { $0 } }

    func advance(by delta: UInt64) { seconds.withLock { $0 += delta } }
}

/// One book, one key, one clock, and accounts over them with a cheap password stretch.
struct AccountsFixture {
    let book = LogBook()
    let key = ServerKey.generate()
    let clock = ManualClock()

    /// Accounts over the fixture's book (a second call is a restarted server over the same logs).
    func accounts(signupsOpen: Bool = true) -> Accounts {
        let clock = clock
        return Accounts(
            book: book, key: key, signupsOpen: signupsOpen, passwordIterations: 3, clock: { clock.now })
    }
}
