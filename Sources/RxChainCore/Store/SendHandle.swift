/// A receipt for one message sent with ``StoreManager/submit(_:)``: await the stage you need.
///
/// Stages, in order:
/// - ``applied()``: the reducer ran; gives the state right after this message (the
///   continuation for post-update work), or the ``Rejection``.
/// - ``persisted()``: the message's sync requests are durably queued.
/// - ``acknowledged()``: the remote accepted them.
///
/// A rejected message fails every stage with its rejection. A message with no sync
/// requests reaches every stage when it is applied. Awaiting a stage never changes
/// what happens to the message; dropping the handle does not cancel anything.
///
/// ```swift
/// let state = try await store.submit(.add(expense)).applied()
/// try await store.submit(.add(other)).acknowledged()
/// ```
public final class SendHandle<State: Sendable>: Sendable {
    @usableFromInline let appliedStage = StageCell<State, Rejection>()
    /// Resolved together with `appliedStage`: the progress the sync sink reports into.
    @usableFromInline let syncStarted = StageCell<SyncProgress, Rejection>()

    @usableFromInline init() {}

    /// Returns the state right after this message was applied, or throws the reason it was rejected.
    public func applied() async throws(Rejection) -> State {
        try await appliedStage.wait().get()
    }

    /// Returns when the message's sync requests are durably queued.
    ///
    /// Throws the rejection, the queue's error, or `CancellationError` when the waiting task is cancelled.
    public func persisted() async throws {
        let progress = try await syncProgress()
        try await progress.persistedStage.wait(onCancel: { .failure(CancellationError()) }).get()
    }

    /// Returns when the remote accepted the message's sync requests.
    ///
    /// Throws the rejection, a permanent sync failure, or `CancellationError` when the
    /// waiting task is cancelled (waiting offline can take a long time).
    public func acknowledged() async throws {
        let progress = try await syncProgress()
        try await progress.acknowledgedStage.wait(onCancel: { .failure(CancellationError()) }).get()
    }

    private func syncProgress() async throws -> SyncProgress {
        try await syncStarted.wait(onCancel: nil).get()
    }

    /// Called by the store once the message is applied and its requests are handed over.
    @usableFromInline func messageApplied(_ state: State, progress: SyncProgress) {
        appliedStage.resolve(.success(state))
        syncStarted.resolve(.success(progress))
    }

    /// Called by the store when the reducer rejected the message.
    @usableFromInline func messageRejected(_ rejection: Rejection) {
        appliedStage.resolve(.failure(rejection))
        syncStarted.resolve(.failure(rejection))
    }
}
