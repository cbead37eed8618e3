import Dispatch
import Foundation
import RxChainSystem

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
/// generation, replaced atomically), `playbook.ndjson.intent` (the last append's lines,
/// written before them) and `playbook.ndjson.lock`. An append takes an exclusive `flock`
/// on the lock file, settles the playbook (below), checks the revision, records its
/// intent, appends the new lines at the end of the file (the cost follows the new lines,
/// never the whole file), fsyncs them, and then publishes the new commit record. Readers
/// read the commit record and never go past its length, so they see whole committed
/// lines only. A crash at any point leaves the previous revision intact.
///
/// The playbook is a plain append-only NDJSON file that other programs may append to
/// too. This remote never writes over a byte it did not write, and never joins lines:
/// - **Lines another program appended** past the committed length are adopted —
///   fsynced and committed in file order, as a new revision — by the next append (which
///   then answers ``AppendOutcome/conflict(current:)``, so the caller reads them before
///   its lines go after them) or the next read that finds them (which takes the lock for
///   that, for at most `lockTimeout`; if it cannot, it reads without them).
/// - **An incomplete line another program wrote** at the end is never appended after:
///   an append throws ``PlaybookRemoteError/incompleteLine(location:offset:)`` naming the
///   byte offset until the line is completed (then adopted) or removed. Reads go on.
/// - **This remote's own uncommitted bytes** — an append torn by a crash, or one whose
///   write or fsync failed — are told apart by the intent: bytes on top of the commit the
///   intent names that are a prefix of its lines are cut by the next lock holder, never
///   committed. A failed fsync is never retried.
/// - **A commit record that does not fit the file** (past its end, ending inside a line,
///   not a record at all) is repaired by the next lock holder: committed up to the last
///   complete line, in a new epoch, the old record kept as
///   `playbook.ndjson.commit.corrupt-<epoch>`. A device whose cursor no longer fits gets
///   ``PlaybookRemoteError/invalidCursor(_:location:reason:)`` and reads from the start.
///
/// Also:
/// - A missing playbook in an existing directory reads as empty at ``Revision/noPlaybook``;
///   the first append creates the file, never its directory: a missing directory (a share
///   that is not mounted) is ``PlaybookRemoteError/missingDirectory(_:)`` for every
///   operation, reads included, so nobody mistakes it for a playbook nobody wrote yet.
/// - A playbook file with no commit record (written by another tool) counts up to its
///   last complete line; the first append adopts it and keeps every such line.
/// - The revision is `<epoch>-<generation>-<length>`: the generation grows with every
///   commit, and the random epoch is chosen when the commit record is made or repaired,
///   so a revision never repeats.
/// - `localCopy` is ignored (``needsLocalCopy`` is `false`).
///
/// > Important: All file work runs on two serial dispatch queues owned by the remote
/// > (one for appends, which may wait for the lock, one for reads, which may wait for it
/// > to adopt or repair), never on the concurrency pool. An append waits at most
/// > `lockTimeout` for another writer and then throws
/// > ``PlaybookRemoteError/lockTimeout(lockFile:waited:)``. Once started, an operation
/// > finishes even if its task is cancelled.
public struct DirectoryRemote: PlaybookRemote {
    /// The canonical `file://` URL of the playbook.
    public let location: String
    /// The absolute path of the playbook file.
    package var playbookPath: String { storage.playbookPath }
    /// The path of the commit record beside the playbook (`<playbook>.commit`).
    package var commitRecordPath: String { storage.commitPath }
    /// The path of the intent of the last append beside the playbook (`<playbook>.intent`).
    package var intentPath: String { storage.intentPath }
    /// The path of the lock file beside the playbook (`<playbook>.lock`).
    package var lockFilePath: String { storage.lockPath }
    /// How long an append waits for another writer's lock before it fails, and a read that
    /// must adopt or repair waits before it reads without doing so (or, for a repair, fails).
    package var lockTimeout: Duration { storage.lockTimeout }
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
    ///   or one naming a directory (ending in `/`, or an existing directory).
    public init(_ location: String, lockTimeout: Duration = .seconds(10)) throws {
        let path = try Self.playbookPath(parsing: location)
        if FileStatus(path: path)?.isDirectory == true {
            throw PlaybookRemoteError.invalidLocation(
                location, reason: "it names a directory; name the playbook file, e.g. …/playbook.ndjson")
        }
        self.location = URL(fileURLWithPath: path, isDirectory: false).absoluteString
        let directory = String(path[..<path.lastIndex(of: "/")!])
        storage = DirectoryRemoteStorage(
            location: self.location, playbookPath: path, directoryPath: directory.isEmpty ? "/" : directory,
            lockTimeout: lockTimeout)
        writer = DispatchQueue(label: "rxchain.directory-remote.writer")
        reader = DispatchQueue(label: "rxchain.directory-remote.reader")
    }

    public func currentRevision() async throws -> Revision {
        let storage = self.storage
        return try await reader.performBlocking { try storage.committedSnapshot().revision }
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
