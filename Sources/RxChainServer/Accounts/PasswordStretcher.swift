import Dispatch
import RxChainSystem

/// Runs password stretches (PBKDF2 at the server's cost, a large fraction of a second of CPU
/// each) one at a time on a dedicated dispatch queue, off the Swift concurrency pool.
///
/// A stretch on the pool would hold one of its few threads (one per core) for its whole length,
/// stalling every other task of the server; here the awaiting task suspends instead. Stretches
/// queue behind each other in the order they were asked for, so a burst of logins waits for its
/// turn without taking more than one core from the appends, reads and feeds.
final class PasswordStretcher: Sendable {
    private let queue = DispatchQueue(label: "rxchain.accounts.password-stretch")

    /// The result of `work`, run on the stretch queue after the stretches asked for before it.
    func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await awaitHandoff { (deliver: @escaping @Sendable (Result<Value, Never>) -> Void) in
            queue.async { deliver(.success(work())) }
        }
    }
}
