/// A value sent to a ``StoreManager``: what happened, named by its ``tag``.
///
/// The store dispatches a message on its tag to the reducer registered for it. Whether a
/// message reaches other devices is the reducer's answer, not the message's: the sync requests
/// it returns are queued and synced; a message whose reducer returns none (a filter, a screen
/// route) only changes this device's state.
///
/// ```swift
/// enum CounterMessage: Message {
///     case add(Int), showHelp
///     var tag: MessageTag {
///         switch self {
///         case .add: "counter/add"
///         case .showHelp: "screen/help"
///         }
///     }
/// }
/// ```
public protocol Message: Sendable {
    /// The message's type in the log's vocabulary; the reducer dispatches on it.
    var tag: MessageTag { get }
}
