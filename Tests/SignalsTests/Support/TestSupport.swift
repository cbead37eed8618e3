import Foundation
import RxChainSystem
import RxChainTesting
import Signals
import Synchronization
import Testing

/// An object whose deinit a lifetime test observes: through a weak reference, or by waiting
/// for ``isReleased`` when the last reference goes on another executor.
final class Probe: Sendable {
    /// Set by the probe's deinit.
    let isReleased: WaitableValue<Bool>

    init(isReleased: WaitableValue<Bool> = WaitableValue(false)) {
        self.isReleased = isReleased
    }

    deinit { isReleased.update { $0 = true } }

    func touch() {}
}

/// Counts how deep observer calls nest; a nested (re-entrant) delivery shows as depth 2.
final class DepthTracker: Sendable {
    private let state = Lock((current: 0, deepest: 0))

    var deepest: Int { state.withLock { $0.deepest } }

    func enter() {
        state.withLock {
            $0.current += 1
            $0.deepest = max($0.deepest, $0.current)
        }
    }

    func leave() { state.withLock { $0.current -= 1 } }
}

/// A late-bound subscription, for observers that cancel their own subscription.
final class TokenBox: Sendable {
    private let stored = Lock<Subscription?>(nil)
    var token: Subscription? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// Runs `body` on a new thread and resumes when it has finished (no pool thread is blocked meanwhile).
func onNewThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            continuation.resume()
        }
        thread.start()
    }
}

/// Runs `body(index)` for each index on its own thread, all at once, and resumes when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withTaskGroup(of: Void.self) { group in
        for index in 0..<count {
            group.addTask { await onNewThread { body(index) } }
        }
    }
}

/// A plain actor to deliver onto in `observe(on:)` tests.
actor DeliveryActor {
    /// Values seen while isolated to this actor (checked with `assertIsolated` as they arrive).
    var received: [Int] = []
    /// Set by the actor's deinit (a mailbox may hold the actor until it has drained).
    let isReleased: WaitableValue<Bool>

    init(isReleased: WaitableValue<Bool> = WaitableValue(false)) {
        self.isReleased = isReleased
    }

    deinit { isReleased.update { $0 = true } }
}

/// The shapes of chain the guarantee tests run through: each ends at the subscriber's observer.
enum ChainShape: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case relay
    case mapFilter
    case merge
    case observeOnActor

    var testDescription: String { rawValue }

    /// Whether values arrive later, on another executor, rather than inside `send`.
    var isAsynchronous: Bool { self == .observeOnActor }

    /// A signal of `relay`'s values (unchanged) through this shape.
    func signal(from relay: PassthroughRelay<Int>, actor: DeliveryActor = DeliveryActor()) -> Signal<Int> {
        switch self {
        case .relay: relay.signal
        case .mapFilter: relay.signal.map { $0 + 1 }.filter { _ in true }.map { $0 - 1 }
        case .merge: relay.signal.merge(with: PassthroughRelay<Int>().signal)
        case .observeOnActor: relay.signal.observe(on: actor)
        }
    }
}
