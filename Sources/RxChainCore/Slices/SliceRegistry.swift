import RxChainCollections
import RxChainSystem
import Signals
import Synchronization

/// The slices a store keeps up to date, shared by key path, released when nobody holds them.
///
/// Registration happens on any thread (``StoreManager/slice(_:)`` is nonisolated);
/// evaluation happens only on the store's actor, in state order. A slice stays
/// registered while a ``Signal`` for it or a subscription to it is alive (each holds a
/// lease); when the last lease goes, the slice is dropped and no longer evaluated.
@usableFromInline
final class SliceRegistry<State: Sendable>: Sendable {
    @usableFromInline
    struct Registration {
        /// The slice object (a `SliceEntry` or a `KeyedSliceGroup`), for sharing by key path.
        @usableFromInline let entry: AnyObject
        @usableFromInline let evaluate: SliceEvaluator<State>
        @usableFromInline var leases: Int
        @usableFromInline let keyPath: AnyKeyPath?

        @inlinable
        init(entry: AnyObject, evaluate: @escaping SliceEvaluator<State>, leases: Int, keyPath: AnyKeyPath?) {
            self.entry = entry
            self.evaluate = evaluate
            self.leases = leases
            self.keyPath = keyPath
        }
    }

    @usableFromInline
    struct Registry {
        @usableFromInline var registrations: [ObjectIdentifier: Registration] = [:]
        @usableFromInline var byKeyPath: [AnyKeyPath: ObjectIdentifier] = [:]
        /// Rebuilt on every change of `registrations`, so a publish copies one reference.
        @usableFromInline var evaluators: [SliceEvaluator<State>] = []

        @inlinable init() {}

        @inlinable
        mutating func rebuildEvaluators() {
            evaluators = registrations.values.map(\.evaluate)
        }
    }

    @usableFromInline let registry = Lock(Registry())
    /// Bumped after every change of the evaluators, so the store re-reads them only when they changed.
    @usableFromInline let version = Atomic<UInt64>(0)

    init() {}

    /// The slices to evaluate after a state change.
    @inlinable var evaluators: [SliceEvaluator<State>] { registry.withLock { $0.evaluators } }

    /// The evaluators and the version they belong to (read together under the lock).
    @inlinable var versionedEvaluators: (version: UInt64, evaluators: [SliceEvaluator<State>]) {
        registry.withLock { (version.load(ordering: .acquiring), $0.evaluators) }
    }

    /// Number of registered slices (for tests and diagnostics).
    var count: Int { registry.withLock { $0.registrations.count } }

    /// Returns the slice for `keyPath`, creating it if needed, with a lease on it; `isNew` says whether to evaluate it.
    @inlinable
    func leaseSlice<Value: Sendable & Equatable>(
        keyPath: KeyPath<State, Value> & Sendable
    ) -> (entry: SliceEntry<State, Value>, lease: SliceLease, isNew: Bool) {
        registry.withLock { registry in
            if let id = registry.byKeyPath[keyPath], var registration = registry.registrations[id],
                let entry = registration.entry as? SliceEntry<State, Value>
            {
                registration.leases += 1
                registry.registrations[id] = registration
                return (entry, lease(id), false)
            }
            let entry = SliceEntry<State, Value>(select: { $0[keyPath: keyPath] })
            let id = ObjectIdentifier(entry)
            registry.registrations[id] = Registration(
                entry: entry, evaluate: { entry.evaluate($0) }, leases: 1, keyPath: keyPath)
            registry.byKeyPath[keyPath] = id
            registry.rebuildEvaluators()
            version.add(1, ordering: .releasing)
            return (entry, lease(id), true)
        }
    }

    /// Watches `key` in the dictionary at `keyPath`; the group for that key path is shared and created on demand.
    @inlinable
    func leaseKeyedSlice<Key: Hashable & Sendable, Value: Sendable & Equatable>(
        keyPath: KeyPath<State, TreeDictionary<Key, Value>> & Sendable, key: Key
    ) -> (group: KeyedSliceGroup<State, Key, Value>, relay: ReplayLatestRelay<Value?>, lease: SliceLease) {
        let (group, id) = registry.withLock { registry -> (KeyedSliceGroup<State, Key, Value>, ObjectIdentifier) in
            if let id = registry.byKeyPath[keyPath], var registration = registry.registrations[id],
                let group = registration.entry as? KeyedSliceGroup<State, Key, Value>
            {
                registration.leases += 1
                registry.registrations[id] = registration
                return (group, id)
            }
            let group = KeyedSliceGroup<State, Key, Value>(keyPath: keyPath)
            let id = ObjectIdentifier(group)
            registry.registrations[id] = Registration(
                entry: group, evaluate: { group.evaluate($0) }, leases: 1, keyPath: keyPath)
            registry.byKeyPath[keyPath] = id
            registry.rebuildEvaluators()
            version.add(1, ordering: .releasing)
            return (group, id)
        }
        let relay = group.watch(key)
        let lease = SliceLease { [weak self] in
            _ = group.unwatch(key)
            self?.release(id)
        }
        return (group, relay, lease)
    }

    /// Registers a new slice (never shared: each selector closure is its own slice), with a lease on it.
    @inlinable
    func leaseSlice<Value: Sendable & Equatable>(_ entry: SliceEntry<State, Value>) -> SliceLease {
        let id = ObjectIdentifier(entry)
        registry.withLock { registry in
            registry.registrations[id] = Registration(
                entry: entry, evaluate: { entry.evaluate($0) }, leases: 1, keyPath: nil)
            registry.rebuildEvaluators()
            version.add(1, ordering: .releasing)
        }
        return lease(id)
    }

    @usableFromInline
    func lease(_ id: ObjectIdentifier) -> SliceLease {
        SliceLease { [weak self] in self?.release(id) }
    }

    @usableFromInline
    func release(_ id: ObjectIdentifier) {
        // The dropped entry is released after the lock, in case its deinit does work.
        let dropped = registry.withLock { registry -> AnyObject? in
            guard var registration = registry.registrations[id] else { return nil }
            registration.leases -= 1
            guard registration.leases == 0 else {
                registry.registrations[id] = registration
                return nil
            }
            registry.registrations[id] = nil
            if let keyPath = registration.keyPath { registry.byKeyPath[keyPath] = nil }
            registry.rebuildEvaluators()
            version.add(1, ordering: .releasing)
            return registration.entry
        }
        withExtendedLifetime(dropped) {}
    }
}

/// Keeps a slice registered while it lives; its deinit releases the slice.
@usableFromInline
final class SliceLease: Sendable {
    private let onRelease: @Sendable () -> Void

    @usableFromInline
    init(onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = onRelease
    }

    deinit { onRelease() }
}
