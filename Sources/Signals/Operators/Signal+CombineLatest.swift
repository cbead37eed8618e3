extension Signal {
    /// A signal of the latest value of this signal paired with the latest value of `other`.
    ///
    /// Emits nothing until both have delivered a value; after that, every value of
    /// either delivers the pair of both latest values. Inputs delivering on different
    /// threads are re-serialised, so the observer is still called serially. Completes
    /// when both inputs have completed, or as soon as one completes without ever
    /// having delivered a value (no pair can follow then).
    ///
    /// ```swift
    /// let canSubmit = name.signal.combineLatest(amount.signal).map { !$0.isEmpty && $1 > 0 }
    /// ```
    @inlinable
    public func combineLatest<Other: Sendable>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
        Signal<(Value, Other)> { downstream in
            // Touched only from the serializer's serial processing (see SerialCell).
            let state = SerialCell(CombineLatestState<Value, Other>())
            let serializer = Serializer<CombineLatestEvent<Value, Other>> { event, _ in
                switch state.value.received(event) {
                case .deliver(let pair): downstream.receive(pair)
                case .complete: downstream.complete()
                case .none: break
                }
            }
            let first = attachUngated(
                Observer(
                    receive: { serializer.submit(.first($0)) },
                    complete: { serializer.submit(.firstCompleted) }))
            let second = other.attachUngated(
                Observer(
                    receive: { serializer.submit(.second($0)) },
                    complete: { serializer.submit(.secondCompleted) }))
            return Subscription(combining: [first, second])
        }
    }
}

/// What an input of `combineLatest` reports to the combined signal's serializer.
@usableFromInline
enum CombineLatestEvent<First: Sendable, Second: Sendable>: Sendable {
    case first(First)
    case second(Second)
    case firstCompleted
    case secondCompleted
}

/// The pure state of one `combineLatest` subscription: the latest values and which inputs are done.
@usableFromInline
struct CombineLatestState<First: Sendable, Second: Sendable> {
    @usableFromInline
    enum Action {
        case deliver((First, Second))
        case complete
        case none
    }

    @usableFromInline var first: First?
    @usableFromInline var second: Second?
    @usableFromInline var firstCompleted = false
    @usableFromInline var secondCompleted = false
    @usableFromInline var isFinished = false

    @inlinable init() {}

    /// Applies `event` and says what to deliver downstream.
    @inlinable
    mutating func received(_ event: CombineLatestEvent<First, Second>) -> Action {
        guard !isFinished else { return .none }
        switch event {
        case .first(let value):
            first = value
        case .second(let value):
            second = value
        case .firstCompleted:
            firstCompleted = true
        case .secondCompleted:
            secondCompleted = true
        }
        switch event {
        case .first, .second:
            guard let first, let second else { return .none }
            return .deliver((first, second))
        case .firstCompleted, .secondCompleted:
            let neverPairs = (firstCompleted && first == nil) || (secondCompleted && second == nil)
            guard (firstCompleted && secondCompleted) || neverPairs else { return .none }
            isFinished = true
            return .complete
        }
    }
}
