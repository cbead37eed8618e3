import Signals
import Synchronization

/// What one drain of a store's inbox keeps at hand to publish each new state: the slice
/// evaluators, and whether the store's `states` relay has fallen behind.
///
/// A local of the drain, not a part of the actor: the actor's stored `var`s cost a dynamic
/// exclusivity check on every access, which is a large part of publishing a state that
/// nobody observes.
///
/// - **Slices**: the evaluators are read from the ``SliceRegistry`` when the drain starts and
///   again only when the registry's version moves (a slice observed or dropped).
/// - **`states`**: while the relay has observers, every state is sent to it. While it has
///   none, states are not sent; its latest value is forgotten at the first one skipped (so a
///   new observer never starts with an older state than its subscription), and
///   ``catchUp(with:)`` sends the current state at the end of each batch.
@usableFromInline
struct StatePublisher<State: Sendable> {
    @usableFromInline let states: ReplayLatestRelay<State>
    @usableFromInline let slices: SliceRegistry<State>
    @usableFromInline var evaluators: [SliceEvaluator<State>]
    @usableFromInline var evaluatorsVersion: UInt64
    /// Whether `states` has not been sent the last state published.
    @usableFromInline var statesBehind = false

    @inlinable
    init(states: ReplayLatestRelay<State>, slices: SliceRegistry<State>) {
        self.states = states
        self.slices = slices
        (evaluatorsVersion, evaluators) = slices.versionedEvaluators
    }

    /// Publishes a new state: to the observed slices, and to `states` while it has observers.
    @inlinable
    mutating func publish(_ state: State) {
        if states.observerCount > 0 {
            states.send(state)
            statesBehind = false
        } else if !statesBehind {
            states.forgetLatest()
            statesBehind = true
        }
        // The registry changes rarely; re-read it (under its lock) only when its version moved.
        if slices.version.load(ordering: .acquiring) != evaluatorsVersion {
            (evaluatorsVersion, evaluators) = slices.versionedEvaluators
        }
        for evaluate in evaluators { evaluate(state) }
    }

    /// Sends `state` (the last one published) to `states` if it was skipped.
    @inlinable
    mutating func catchUp(with state: State) {
        guard statesBehind else { return }
        states.send(state)
        statesBehind = false
    }
}
