import RxChainCollections
import RxChainSystem
import Signals
import Synchronization

/// The observed entries of one `TreeDictionary` in the state: one relay per watched key, one diff per change.
///
/// After each state change the group asks the dictionary which keys changed since the
/// last state it saw (``TreeDictionary/changedKeys(since:)``, which skips shared
/// subtrees), and wakes only the relays of watched keys among them. So the cost of a
/// message follows the entries it changed, not the number of watched entries or
/// subscribers. Evaluation runs on the store's actor; watching and unwatching keys
/// happens on any thread.
@usableFromInline
final class KeyedSliceGroup<State: Sendable, Key: Hashable & Sendable, Value: Sendable & Equatable>: Sendable {
    @usableFromInline
    struct Watched {
        @usableFromInline let relay = ReplayLatestRelay<Value?>()
        @usableFromInline var leases = 0

        @inlinable init() {}
    }

    @usableFromInline
    struct Group {
        @usableFromInline var watched: [Key: Watched] = [:]
        /// Keys watched since the last evaluation: they get their current value first.
        @usableFromInline var unseeded: Set<Key> = []
        @usableFromInline var last: TreeDictionary<Key, Value>?

        @inlinable init() {}
    }

    @usableFromInline let keyPath: KeyPath<State, TreeDictionary<Key, Value>> & Sendable
    @usableFromInline let group = Lock(Group())

    @inlinable
    init(keyPath: KeyPath<State, TreeDictionary<Key, Value>> & Sendable) {
        self.keyPath = keyPath
    }

    /// Watches `key` (one more lease on it) and returns its relay.
    @inlinable
    func watch(_ key: Key) -> ReplayLatestRelay<Value?> {
        group.withLock { group in
            var watched = group.watched[key] ?? Watched()
            if watched.leases == 0 { group.unseeded.insert(key) }
            watched.leases += 1
            group.watched[key] = watched
            return watched.relay
        }
    }

    /// Drops one lease on `key`; returns whether the group watches nothing any more.
    @inlinable
    func unwatch(_ key: Key) -> Bool {
        group.withLock { group in
            guard var watched = group.watched[key] else { return group.watched.isEmpty }
            watched.leases -= 1
            if watched.leases <= 0 {
                group.watched[key] = nil
                group.unseeded.remove(key)
            } else {
                group.watched[key] = watched
            }
            return group.watched.isEmpty
        }
    }

    @inlinable
    func evaluate(_ state: State) {
        let dictionary = state[keyPath: keyPath]
        let (previous, unseeded) = group.withLock { group -> (TreeDictionary<Key, Value>?, Set<Key>) in
            defer {
                group.last = dictionary
                group.unseeded = []
            }
            return (group.last, group.unseeded)
        }
        var keys = unseeded
        if let previous { keys.formUnion(dictionary.changedKeys(since: previous)) }
        guard !keys.isEmpty else { return }
        let relays = group.withLock { group in keys.compactMap { key in group.watched[key].map { (key, $0.relay) } } }
        for (key, relay) in relays { relay.send(dictionary[key]) }
    }
}
