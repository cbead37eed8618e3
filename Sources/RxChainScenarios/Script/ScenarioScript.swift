/// A parsed script: what it declares and the steps to run, in order.
public struct ScenarioScript<Command: Sendable>: Sendable {
    /// Where the devices sync.
    package enum Remote: Sendable, Equatable {
        /// The embedded directory remote; in a temporary directory when `path` is `nil`.
        case directory(path: String?)
        /// S3-compatible storage: `s3://bucket/key` (one object) or `s3://bucket/prefix/`
        /// (segmented), at `endpoint` or else `RXCHAIN_S3_ENDPOINT`; each run uses a fresh
        /// sub-prefix (see ``ScenarioRunner``).
        case s3(location: String, endpoint: String?)
    }

    /// A `device NAME [user USER] [at DIR]` line.
    package struct Device: Sendable, Equatable {
        package var name: String
        /// The account the device signs in as (server domains); the device's name when `nil`.
        package var user: String?
        /// The store's directory; a fresh temporary one when `nil`.
        package var path: String?
        package var location: ScenarioLocation
    }

    /// The file, as named on the command line.
    public var file: String
    /// From `scenario "…"`, if given.
    public var title: String?
    package var remote: Remote = .directory(path: nil)
    package var devices: [Device] = []
    /// The virtual clock's start (default 2026-01-01T00:00:00Z).
    package var clockStart = ScenarioClock.defaultStart
    package var steps: [ScenarioStep<Command>] = []
}
