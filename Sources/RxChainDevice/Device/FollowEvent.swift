/// What following a remote brings (``Device/follow(interval:onEvent:)``), for a view to show.
public enum FollowEvent: Sendable, Equatable {
    /// A whole sync finished: at the start, and whenever the remote changed in a way only a
    /// sync brings in.
    case synced(SyncReport)
    /// A wait for the remote ended with an answer: `count` entries arrived and were applied
    /// (another device's, or this one's confirmed); 0 when the remote had nothing new. Either way
    /// the remote was reached, so a view clears a failure it showed.
    case received(count: Int)
    /// A sync failed; the device tries again after `retryIn` (nothing is lost: what was not
    /// acknowledged stays queued).
    case syncFailed(reason: String, retryIn: Duration)
    /// The remote could not be reached; the device tries again after `retryIn`, from where it was.
    case unreachable(reason: String, retryIn: Duration)
}
