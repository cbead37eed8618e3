import RxChainSystem

/// What one ``S3SegmentedRemote`` learnt about its log, so that probes start high: the
/// highest segment it has seen exist, or seen covered by a checkpoint.
///
/// The number only grows: the remote never removes a segment or a checkpoint, so a
/// number seen once stays a safe lower bound for the last segment. Shared by copies of
/// the remote; safe from any task (a `Lock` guards the number, and nothing is called
/// while it is held).
final class S3SegmentHint: Sendable {
    /// `nil` until the remote first looks (then at least the newest checkpoint, or 0).
    private let highest = Lock<Int?>(nil)

    /// The highest segment seen, or `nil` when the remote has not looked yet.
    var highestSegment: Int? { highest.withLock { $0 } }

    /// Records that segment `number` exists, or is covered by a checkpoint (0: that the
    /// remote looked and found nothing); keeps the highest.
    func saw(segment number: Int) {
        highest.withLock { $0 = max($0 ?? 0, number) }
    }
}
