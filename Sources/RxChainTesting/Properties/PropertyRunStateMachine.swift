/// The pure steps of a property run: draw cases, and on the first failure shrink it greedily.
///
/// The machine never calls the property itself: every event returns an ``Action``, and
/// the driver (sync or async `forAll`) checks the value it names and reports the outcome
/// with ``caseChecked(failure:)``. So the one algorithm serves both drivers, and each
/// transition is a unit test.
///
/// Shrinking is greedy: from the current failing value, try its candidates in order; move
/// to the first that also fails and start again from its candidates; stop when every
/// candidate of the current value passes (a local minimum) or after
/// ``PropertyConfiguration/shrinkLimit`` candidates.
struct PropertyRunStateMachine<Value> {
    /// What the driver must do next.
    enum Action {
        /// Check the property on this value, then call ``caseChecked(failure:)``.
        case check(Value)
        /// Every case passed: the run is over.
        case passed(iterations: Int)
        /// The property failed: throw this.
        case failed(PropertyFailure)
    }

    private struct Shrinking {
        var iteration: Int
        var original: Value
        /// The smallest failing case so far, and why it failed.
        var current: ShrinkTree<Value>
        var reason: PropertyFailure.Reason
        /// The candidates of `current` not tried yet.
        var candidates: AnySequence<ShrinkTree<Value>>.Iterator
        var steps = 0
        var attempts = 0
    }

    private enum State {
        case idle
        /// Case `iteration` (from 1) is being checked.
        case checking(iteration: Int, tree: ShrinkTree<Value>)
        /// A candidate smaller than the current failing case is being checked.
        case shrinking(Shrinking, candidate: ShrinkTree<Value>)
        case finished
    }

    private let generator: Gen<Value>
    private let configuration: PropertyConfiguration
    private var random: SeededGenerator
    private var state = State.idle

    init(generator: Gen<Value>, configuration: PropertyConfiguration) {
        self.generator = generator
        self.configuration = configuration
        self.random = SeededGenerator(seed: configuration.seed)
    }

    /// The run starts: returns the first case to check.
    mutating func started() -> Action {
        guard case .idle = state else { preconditionFailure("property run started twice (state: \(state))") }
        return drawCase(iteration: 1)
    }

    /// The value of the last `.check` action was checked: `failure` is `nil` if it passed.
    mutating func caseChecked(failure: PropertyFailure.Reason?) -> Action {
        switch state {
        case .idle, .finished:
            preconditionFailure("property run: a case was checked, but none was pending (state: \(state))")

        case .checking(let iteration, let tree):
            guard let failure else {
                return iteration < configuration.iterations
                    ? drawCase(iteration: iteration + 1) : finishPassed()
            }
            let shrinking = Shrinking(
                iteration: iteration, original: tree.value, current: tree, reason: failure,
                candidates: tree.children.makeIterator())
            return nextCandidate(shrinking)

        case .shrinking(var shrinking, let candidate):
            if let failure {
                shrinking.current = candidate
                shrinking.reason = failure
                shrinking.candidates = candidate.children.makeIterator()
                shrinking.steps += 1
            }
            return nextCandidate(shrinking)
        }
    }

    private mutating func drawCase(iteration: Int) -> Action {
        let tree = generator.run(&random)
        state = .checking(iteration: iteration, tree: tree)
        return .check(tree.value)
    }

    private mutating func finishPassed() -> Action {
        state = .finished
        return .passed(iterations: configuration.iterations)
    }

    private mutating func nextCandidate(_ shrinking: Shrinking) -> Action {
        var shrinking = shrinking
        let limitReached = shrinking.attempts >= configuration.shrinkLimit
        guard !limitReached, let candidate = shrinking.candidates.next() else {
            state = .finished
            return .failed(failure(shrinking, limitReached: limitReached))
        }
        shrinking.attempts += 1
        state = .shrinking(shrinking, candidate: candidate)
        return .check(candidate.value)
    }

    private func failure(_ shrinking: Shrinking, limitReached: Bool) -> PropertyFailure {
        PropertyFailure(
            seed: configuration.seed, seedSource: configuration.seedSource,
            iteration: shrinking.iteration, iterations: configuration.iterations,
            originalCounterexample: String(reflecting: shrinking.original),
            minimalCounterexample: String(reflecting: shrinking.current.value),
            reason: shrinking.reason, shrinkSteps: shrinking.steps, shrinkAttempts: shrinking.attempts,
            shrinkLimitReached: limitReached, replayCommand: configuration.replayCommand,
            location: configuration.location.description)
    }
}
