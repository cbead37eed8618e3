import RxChainDevice

/// A device a ``ServerScenarioDomain`` opens: what a scenario reads of it and does with it
/// besides the domain's own steps.
///
/// `RxChain/Device` is one.
public protocol ServerScenarioDevice: Sendable {
    /// What the device's store holds.
    associatedtype State: Sendable

    /// What the store holds now.
    var storeState: State { get async }

    /// Requests waiting in the device's durable queue.
    var queuedRequests: Int { get }

    /// Requests the server refused for good (dead letters): kept, never sent again on their own.
    var deadLetters: Int { get }

    /// Pushes the queue and pulls what changed, stopping after `maxFailures` failed sends in a row.
    ///
    /// - Throws: why the device is not in sync (nothing is lost: what was not answered stays queued).
    func syncWithServer(maxFailures: Int) async throws

    /// Lets queued writes finish and releases the store.
    func close() async
}

extension Device: ServerScenarioDevice {
    public var storeState: Domain.AppState {
        get async { await store.state }
    }

    public var queuedRequests: Int { sync.queue.pendingCount }

    public var deadLetters: Int { sync.queue.deadLetters.count }

    public func syncWithServer(maxFailures: Int) async throws {
        try await syncNow(maxFailures: maxFailures)
    }
}
