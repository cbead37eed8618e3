import Foundation
import RxChainCore
import RxChainLogs
import RxChainRemotes

/// How a ``Device`` syncs: with which playbook, and how its `SyncManager` retries.
///
/// ```swift
/// var options = DeviceOptions()
/// options.remote = try RemoteSetting(parsing: "file:///srv/team/playbook.ndjson")
/// let device = try await LedgerDevice.open(directory: store, options: options)
/// ```
public struct DeviceOptions: Sendable {
    /// The playbook to sync with; `nil` uses the one the store remembers (if any). A given
    /// remote is remembered in the store (`RemoteSetting/save(in:)`).
    public var remote: RemoteSetting?
    /// Whether the `SyncManager` sends in the background from the start (an app that
    /// stays open). Command-line tools that only read or record pass `false` and sync
    /// with `Device/syncNow(maxFailures:)`.
    public var startsOnline = true
    /// The backoff after failed sends.
    public var retry = RetryPolicy()
    /// The clock the retry timer sleeps on.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// The key pair that signs requests to an S3 remote (`nil`: anonymous); read by the
    /// app, e.g. `S3Credentials/init(environment:)`. Never saved.
    public var s3Credentials: S3Credentials?
    /// Where the device sessions of RxChain servers are kept (`ServerSessionStore`), for a
    /// server remote (`http://HOST:PORT/logs/NAME`); read by the app, e.g.
    /// `ServerSessionStore/init(environment:)`. `nil`: a server remote cannot sign in.
    public var serverSessions: ServerSessionStore?
    /// The region S3 requests are signed for (`auto` for R2).
    public var s3Region = "us-east-1"
    /// The most actions one append carries.
    public var maxBatchSize = 500
    /// The wall clock the sync status records its times with (a scenario's virtual clock).
    package var now: @Sendable () -> Date = { Date() }
    /// Wraps the remote the setting names before the device uses it (to log, meter or, in
    /// tests, inject faults); `nil` uses it as it is.
    public var wrapRemote: (@Sendable (any PlaybookRemote) -> any PlaybookRemote)?

    /// The defaults: the remembered remote, online, 1 s … 5 min backoff.
    public init() {}
}
