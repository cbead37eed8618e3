import Signals

/// What a view model holds to talk to a store: distinct slices delivered on its own actor, messages sent back.
///
/// A view model never reads or writes the store's state any other way. It binds the
/// slices it shows to its own properties — each binding delivers on the view model's
/// actor, in order, only when the slice changed — and sends messages (or submits them
/// and awaits their effect). The bindings live as long as the `StoreBinding`, or until
/// ``unbindAll()``.
///
/// ```swift
/// actor BudgetViewModel {
///     private(set) var total = 0
///     private let binding: StoreBinding<Budget, BudgetMessage, BudgetRequest>
///
///     init(store: StoreManager<Budget, BudgetMessage, BudgetRequest>) {
///         binding = StoreBinding(store: store)
///         binding.bind(\.total, on: self) { viewModel, total in viewModel.total = total }
///     }
///
///     func add(_ amount: Int) async throws {
///         _ = try await binding.submit(.add(amount)).applied()
///     }
/// }
/// ```
///
/// A view model that is a `@MainActor` class (an `@Observable` model driving SwiftUI, say)
/// is not an actor instance: bind it with ``bind(_:to:_:)-(KeyPath<State,Slice>Sendable,_,_)``,
/// which delivers on the main actor and hands `update` the view model itself:
///
/// ```swift
/// @MainActor final class BudgetScreen {
///     private(set) var total = 0
///     private let binding: StoreBinding<Budget, BudgetMessage, BudgetRequest>
///
///     init(store: StoreManager<Budget, BudgetMessage, BudgetRequest>) {
///         binding = StoreBinding(store: store)
///         binding.bind(\.total, to: self) { screen, total in screen.total = total }
///     }
/// }
/// ```
///
/// > Important: The binding holds the view model weakly and hands it to `update` (as its
/// > `isolated` parameter for an actor), so `update` needs no capture of the view model.
/// > Capturing it strongly would make a cycle (view model → binding → closure → view model).
public final class StoreBinding<State: Sendable, Msg: Message, Request: Sendable>: Sendable {
    /// The store this view model talks to.
    public let store: StoreManager<State, Msg, Request>
    private let bag = SubscriptionBag()

    /// Creates a binding to `store`.
    public init(store: StoreManager<State, Msg, Request>) {
        self.store = store
    }

    /// Delivers the distinct values at `keyPath` — the current one first — to `update`, isolated to `actor`, in order.
    ///
    /// The actor is held weakly: once it is gone, updates stop.
    public func bind<Slice: Sendable & Equatable, A: Actor>(
        _ keyPath: KeyPath<State, Slice> & Sendable,
        on actor: A,
        _ update: @escaping @Sendable (isolated A, Slice) -> Void
    ) {
        deliver(store.slice(keyPath), on: actor, update)
    }

    /// Delivers the distinct values `selector` computes to `update`, isolated to `actor`, in order.
    public func bind<Slice: Sendable & Equatable, A: Actor>(
        _ selector: @escaping @Sendable (State) -> Slice,
        on actor: A,
        _ update: @escaping @Sendable (isolated A, Slice) -> Void
    ) {
        deliver(store.unsharedSlice(selector), on: actor, update)
    }

    /// Delivers the distinct values at `keyPath` — the current one first — to `update` on the
    /// main actor, with `owner`, in order: for a view model that is a `@MainActor` class.
    ///
    /// The owner is held weakly: once it is gone, updates stop.
    public func bind<Slice: Sendable & Equatable, Owner: AnyObject & Sendable>(
        _ keyPath: KeyPath<State, Slice> & Sendable,
        to owner: Owner,
        _ update: @escaping @MainActor @Sendable (Owner, Slice) -> Void
    ) {
        deliverOnMainActor(store.slice(keyPath), to: owner, update)
    }

    /// Delivers the distinct values `selector` computes to `update` on the main actor, with `owner`, in order.
    public func bind<Slice: Sendable & Equatable, Owner: AnyObject & Sendable>(
        _ selector: @escaping @Sendable (State) -> Slice,
        to owner: Owner,
        _ update: @escaping @MainActor @Sendable (Owner, Slice) -> Void
    ) {
        deliverOnMainActor(store.unsharedSlice(selector), to: owner, update)
    }

    /// Delivers the store's rejections to `update` on the main actor, with `owner`.
    public func bindFailures<Owner: AnyObject & Sendable>(
        to owner: Owner, _ update: @escaping @MainActor @Sendable (Owner, Rejection) -> Void
    ) {
        deliverOnMainActor(store.failures, to: owner, update)
    }

    /// Delivers the store's rejections (to show them to the user) to `update`, isolated to `actor`.
    public func bindFailures<A: Actor>(on actor: A, _ update: @escaping @Sendable (isolated A, Rejection) -> Void) {
        deliver(store.failures, on: actor, update)
    }

    /// Sends `message` (fire and forget).
    public func send(_ message: Msg) {
        store.send(message)
    }

    /// Sends `message` and returns the handle to await its stages (`applied`, `persisted()`, `acknowledged()`).
    public func submit(_ message: Msg) -> SendHandle<State> {
        store.submit(message)
    }

    /// Ends every binding; later deliveries do not start.
    public func unbindAll() {
        bag.cancelAll()
    }

    private func deliver<Value: Sendable, A: Actor>(
        _ signal: Signal<Value>, on actor: A, _ update: @escaping @Sendable (isolated A, Value) -> Void
    ) {
        signal.observe(weaklyOn: actor).sink { [weak actor] value in
            guard let actor else { return }
            // `observe(on:)` runs this on the actor's executor; make that static.
            actor.assumeIsolated { isolatedActor in update(isolatedActor, value) }
        }.store(in: bag)
    }

    private func deliverOnMainActor<Value: Sendable, Owner: AnyObject & Sendable>(
        _ signal: Signal<Value>, to owner: Owner, _ update: @escaping @MainActor @Sendable (Owner, Value) -> Void
    ) {
        signal.observe(on: MainActor.shared).sink { [weak owner] value in
            guard let owner else { return }
            // `observe(on:)` runs this on the main actor; make that static.
            MainActor.assumeIsolated { update(owner, value) }
        }.store(in: bag)
    }
}
