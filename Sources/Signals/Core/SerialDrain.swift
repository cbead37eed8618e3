import RxChainSystem
import Synchronization

/// Turns events submitted from any number of threads into one serial, FIFO sequence of calls.
///
/// This is the queue-drain ("trampoline") every Signals source uses. A submitter
/// that finds the drain idle becomes its *owner* and processes its event at once,
/// on its own thread, without taking a lock. A submitter that finds it busy (another
/// thread delivering, or the owner itself sending from inside an observer) appends
/// its event to a queue and returns; the owner processes queued events, in order,
/// before it lets go. So:
///
/// - events are processed one at a time and in submission order (per submitter, and
///   in one global order that every observer sees);
/// - a submit from inside processing is queued behind the current event, never nested;
/// - no lock is held while an event is processed.
///
/// The price of never blocking a submitter: the owner processes everybody's events
/// until the queue is empty, so while other threads keep submitting without pause,
/// the owner's call (a `send`, a `subscribe`, a `cancel`) does not return.
///
/// States (the value of `announced`): `0` idle; `n > 0` owned, with `n - 1` events
/// announced by other submitters and not yet accounted for by the owner. A submitter
/// enqueues *before* it announces, so an announced event is always in the queue.
/// Ownership is taken with an acquiring and given up with a releasing operation, so
/// one owner's writes are visible to the next (what ``SerialCell`` relies on).
///
/// `Shared` is a small piece of state kept under the queue's lock, for sources that
/// must update something in the same critical section as the enqueue (a current
/// value that must agree with the order of delivery).
@usableFromInline
struct SerialDrain<Event: Sendable, Shared: Sendable>: ~Copyable, Sendable {
    @usableFromInline
    struct Locked {
        @usableFromInline var queue = FIFOBuffer<Event>()
        @usableFromInline var shared: Shared

        @inlinable init(shared: Shared) { self.shared = shared }
    }

    @usableFromInline let announced = Atomic<Int>(0)
    @usableFromInline let locked: Lock<Locked>

    @inlinable
    init(shared: Shared) {
        locked = Lock(Locked(shared: shared))
    }

    /// Submits `event`; `process` runs for it (and for any queued behind it) if this call becomes the owner.
    ///
    /// `process` must be the same logic on every call for one drain: whichever
    /// submitter owns the drain processes everybody's events with its closure.
    @inlinable
    borrowing func submit(_ event: Event, process: (Event) -> Void) {
        // Fast path: idle, so take ownership and process without touching the queue.
        if announced.compareExchange(
            expected: 0, desired: 1, ordering: .acquiringAndReleasing
        ).exchanged {
            process(event)
            let remaining = announced.subtract(1, ordering: .acquiringAndReleasing).newValue
            if remaining != 0 { drain(accounted: remaining, process: process) }
            return
        }
        locked.withLock { $0.queue.append(event) }
        announce(process: process)
    }

    /// Submits `event` after running `update` on the shared state in the same critical section as the enqueue.
    ///
    /// Events submitted this way are ordered exactly as their updates were applied.
    @inlinable
    borrowing func submit(
        _ event: Event, updating update: (inout Shared) -> Void, process: (Event) -> Void
    ) {
        locked.withLock {
            update(&$0.shared)
            $0.queue.append(event)
        }
        announce(process: process)
    }

    /// Derives the event from the shared state under the lock (nil: nothing to submit) and submits it.
    ///
    /// `derive` runs under the lock: it must be short and must not call into Signals.
    @inlinable
    borrowing func submit(deriving derive: (inout Shared) -> Event?, process: (Event) -> Void) {
        let submitted = locked.withLock { locked -> Bool in
            guard let event = derive(&locked.shared) else { return false }
            locked.queue.append(event)
            return true
        }
        if submitted { announce(process: process) }
    }

    /// Reads the shared state under the lock.
    @inlinable
    borrowing func withShared<Result>(_ body: (Shared) -> Result) -> Result {
        locked.withLock { body($0.shared) }
    }

    @inlinable
    borrowing func announce(process: (Event) -> Void) {
        if announced.add(1, ordering: .acquiringAndReleasing).oldValue == 0 {
            drain(accounted: 1, process: process)
        }
    }

    @inlinable
    borrowing func drain(accounted: Int, process: (Event) -> Void) {
        var missed = accounted
        while true {
            while let next = locked.withLock({ $0.queue.popFirst() }) {
                process(next)
            }
            missed = announced.subtract(missed, ordering: .acquiringAndReleasing).newValue
            if missed == 0 { return }
        }
    }
}
