import RxChainRemotes

/// A playbook that cannot tell when it changed (a directory, S3): a follower syncs every `interval`.
struct PlaybookPause: ChangeWaiter {
    let interval: Duration
    let clock: any Clock<Duration>

    mutating func next() async throws -> RemoteChange {
        try await clock.sleep(for: interval)
        return .syncNeeded
    }
}

/// A playbook on an RxChain server: a follower syncs when the server's feed reports an entry of
/// the playbook's log. The feed retries by itself, from its cursor, and says when it could not
/// poll.
struct PlaybookFeedWaiter: ChangeWaiter {
    var events: ServerFeed.Iterator
    let log: String

    mutating func next() async throws -> RemoteChange {
        guard let event = try await events.next() else { throw CancellationError() }
        switch event {
        case .entries(let entries):
            return entries.contains(where: { $0.log == log }) ? .syncNeeded : .received(count: 0)
        case .unreachable(let reason, let retryIn):
            return .unreachable(reason: reason, retryIn: retryIn)
        }
    }
}
