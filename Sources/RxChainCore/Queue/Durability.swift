/// When a ``SyncQueue`` reports a write persisted: after its own `fsync`, after a shared one, or after the `write`.
///
/// Whatever the mode, writes reach the log in call order, and a write is never reported
/// persisted before every earlier write is.
public enum Durability: String, Sendable, CaseIterable {
    /// Each record is written and `fsync`ed on its own before it is reported persisted
    /// (one `fsync` per record, none shared). Survives power loss; slowest.
    case always
    /// Group commit (the default): records submitted while a write or `fsync` is in
    /// progress are written together and share the next single `fsync`; each is reported
    /// persisted only after that `fsync`. Survives power loss.
    case batched
    /// Records are written but never `fsync`ed: reported persisted after the `write`.
    /// Survives a crash of the process, not of the machine. For tests and throwaway queues.
    case none
}
