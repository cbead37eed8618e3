import Dispatch
import Foundation

/// A playbook kept as one file in a local (or mounted) directory, safe for several
/// processes at once — the embedded default remote.
///
/// ```swift
/// let remote = try DirectoryRemote("file:///srv/team/playbook.ndjson")
/// let chunk = try await remote.read(after: nil)
/// let outcome = try await remote.append(line, expecting: chunk.revision, localCopy: nil)
/// ```
///
/// Beside `playbook.ndjson` it keeps `playbook.ndjson.commit` (the committed length and
/// generation, replaced atomically) and `playbook.ndjson.lock`. An append takes an
/// exclusive `flock` on the lock file, checks the revision, cuts any uncommitted tail a
/// crashed writer left, appends the new lines in place (the cost follows the new lines,
/// never the whole file), fsyncs them, and then publishes the new commit record. Readers
/// take no lock: they read the commit record and never go past its length, so they see
/// whole committed lines only. A crash at any point leaves the previous revision intact.
///
/// - A missing playbook reads as empty at ``Revision/noPlaybook``; the first append
///   creates the file, never its directory: a missing directory (a share that is not
///   mounted) is ``PlaybookRemoteError/missingDirectory(_:)`` and nothing is written.
/// - A playbook file with no commit record (written by another tool) counts up to its
///   last complete line; the first append adopts it and keeps every such line.
/// - The revision is `<epoch>-<generation>-<length>`: the generation grows with every
///   append, and the random epoch is chosen when the commit record is made, so a
///   revision never repeats.
/// - `localCopy` is ignored (``needsLocalCopy`` is `false`).
///
/// > Important: All file work runs on two serial dispatch queues owned by the remote
/// > (one for appends, which may wait for the lock, one for reads), never on the
/// > concurrency pool. An append waits at most `lockTimeout` for another writer and then
/// > throws ``PlaybookRemoteError/lockTimeout(lockFile:waited:)``. Once started, an
/// > operation finishes even if its task is cancelled.
public struct DirectoryRemote: PlaybookRemote {
    /// The canonical `file://` URL of the playbook.
    public let location: String
    /// The absolute path of the playbook file.
    public var playbookPath: String { storage.playbookPath }
    /// The path of the commit record beside the playbook (`<playbook>.commit`).
    public var commitRecordPath: String { storage.commitPath }
    /// The path of the lock file beside the playbook (`<playbook>.lock`).
    public var lockFilePath: String { storage.lockPath }
    /// How long an append waits for another writer's lock before it fails.
    public var lockTimeout: Duration { storage.lockTimeout }
    /// Always `false`: lines are appended in place.
    public var needsLocalCopy: Bool { false }

    private let storage: DirectoryRemoteStorage
    private let writer: DispatchQueue
    private let reader: DispatchQueue

    /// Creates a remote for the playbook at `location`: `file:///absolute/path` (also
    /// `file://localhost/…` and `file:/…`, percent-encoded) or a plain path, absolute or
    /// relative (resolved against the current directory, once, here).
    ///
    /// A plain path is taken literally (`?` and `#` are part of the file name); a location
    /// that starts with a scheme (`letters:`) is a URL, so write a relative path whose first
    /// component holds a `:` as `./name`. Nothing is touched on disk until the first operation.
    ///
    /// - Throws: ``PlaybookRemoteError/invalidLocation(_:reason:)`` naming the problem for
    ///   a relative file URL (`file:name`, which would name `/name`), another scheme
    ///   (`mailto:`, `http://`), a URL with a host, a query or a fragment, an empty location,
    ///   or one naming a directory.
    public init(_ location: String, lockTimeout: Duration = .seconds(10)) throws {
        let path = try Self.playbookPath(parsing: location)
        self.location = URL(fileURLWithPath: path).absoluteString
        let directory = String(path[..<path.lastIndex(of: "/")!])
        storage = DirectoryRemoteStorage(
            location: self.location, playbookPath: path, directoryPath: directory.isEmpty ? "/" : directory,
            lockTimeout: lockTimeout)
        writer = DispatchQueue(label: "rxchain.directory-remote.writer")
        reader = DispatchQueue(label: "rxchain.directory-remote.reader")
    }

    public func currentRevision() async throws -> Revision {
        let storage = self.storage
        return try await reader.performBlocking { try storage.snapshot().revision }
    }

    public func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk {
        let storage = self.storage
        return try await reader.performBlocking { try storage.read(after: cursor) }
    }

    public func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome {
        let storage = self.storage
        return try await writer.performBlocking { try storage.append(lines, expecting: revision) }
    }
}
