/// A value sent to a ``StoreManager``: what happened, named by its ``tag``.
///
/// A message is either *persisted* — recorded in the action log and seen on every
/// device — or *local* — it only moves this screen and is never recorded.
///
/// ```swift
/// enum CounterMessage: Message {
///     case increment, showHelp
///     var tag: MessageTag { self == .increment ? "counter/increment" : "screen/help" }
///     var persistence: Persistence { self == .increment ? .persisted : .local }
/// }
/// ```
public protocol Message: Sendable {
    /// The message's type in the log's vocabulary; the reducer dispatches on it.
    var tag: MessageTag { get }
    /// Whether the message is recorded in the action log (persisted) or screen-only (local).
    var persistence: Persistence { get }
}

/// Whether a message is recorded in the action log.
public enum Persistence: String, Sendable, Codable {
    /// Recorded in the action log, replayed on every device.
    case persisted
    /// Screen-only; never recorded or synced.
    case local
}
