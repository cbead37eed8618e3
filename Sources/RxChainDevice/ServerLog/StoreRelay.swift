import RxChainSystem

/// A reference to a store set after the store is made: what a transport created before the
/// store (the store's sink needs the transport) uses to send the store its answers.
///
/// Holds the store weakly: the device owns it, and a closed device's late answer goes nowhere.
final class StoreRelay<Store: AnyObject & Sendable>: Sendable {
    private let slot = Lock<WeakStore?>(nil)

    private struct WeakStore: Sendable {
        weak var store: Store?
    }

    /// The store, once set and while it lives.
    var store: Store? { slot.withLock { $0?.store } }

    /// Sets the store.
    func set(_ store: Store) { slot.withLock { $0 = WeakStore(store: store) } }
}
