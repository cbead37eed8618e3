import RxChainDevice

/// What a ``StoreVerb`` does on the device once its command line has been read.
struct StoreWork<Replicated: ReplicatedDomain>: Sendable {
    /// Whether a store that does not exist is refused (exit 1, nothing created) instead of created:
    /// a mistyped `--store` must never show an empty store as if it were the one meant.
    var mustExist = false
    /// The work; a ``Rejection`` it throws is `rejected: …`, exit 1.
    var run: @Sendable (Device<Replicated>) async throws -> Answer
}
