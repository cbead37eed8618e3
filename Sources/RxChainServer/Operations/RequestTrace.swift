import RxChainSystem

/// What the routes learn about the request being answered that its log line needs: the user it
/// signed in as. Bound to the request's task by ``LogServer/serve(_:)``; authentication writes
/// it. Thread-safe: its state sits behind a `Lock`.
final class RequestTrace: Sendable {
    /// The trace of the request the current task answers, if ``LogServer/serve(_:)`` runs it.
    @TaskLocal static var current: RequestTrace?

    private let signedInUser = Lock<String?>(nil)

    /// The user the request signed in as.
    var user: String? {
        get { signedInUser.withLock { $0 } }
        set { signedInUser.withLock { $0 = newValue } }
    }
}
