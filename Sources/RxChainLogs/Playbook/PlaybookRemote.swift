import Foundation

/// Where a shared playbook lives: an append-only NDJSON log that several devices read
/// incrementally and extend with conditional appends.
///
/// A device syncs in three steps: ``read(after:)`` the lines after its cursor and
/// apply them; ``append(_:expecting:localCopy:)`` its pending lines, expecting the
/// revision it just read; on ``AppendOutcome/conflict(current:)``, read again and
/// retry. Every device that does this converges to the same sequence of lines.
///
/// The contract every remote keeps:
/// - **Append-only.** The remote never modifies, reorders or removes a line once it
///   was committed. Bytes before a cursor never change.
/// - **Atomic, conditional appends.** An append writes all of its lines or none, and
///   only if the remote is still at the expected revision; two appends expecting the
///   same revision never both commit. Each commit moves the remote to a revision it
///   never had before.
/// - **Readers see only committed, complete lines.** A read never returns part of a
///   line, nor lines of an append that has not committed (or that crashed half-way).
///   It may miss an append that commits while it runs; the next read returns it.
/// - **A lost answer is possible.** An append can throw after its lines committed
///   (the connection dropped, the process died before the reply). The lines are then
///   in the playbook whole; writers tag every line with an `actionId`
///   (`"<deviceId>:<seq>"`) so the next download recognises them instead of
///   appending them twice.
///
/// > Important: Operations may be called concurrently from any task. Implementations
/// > must not block the concurrency pool: waits for locks, disks and networks run on
/// > their own threads or are truly asynchronous.
public protocol PlaybookRemote: Sendable {
    /// The remote's canonical location (e.g. `file:///srv/team/playbook.ndjson`).
    ///
    /// Two spellings of the same place give the same string, so a device can store it
    /// and notice when it is pointed at a different remote (its cursor and revision
    /// then mean nothing).
    var location: String { get }

    /// Whether ``append(_:expecting:localCopy:)`` needs the whole playbook text
    /// (`localCopy`) because the remote replaces one object instead of appending.
    ///
    /// `false` for remotes that append in place (``DirectoryRemote``) or to a
    /// segmented log; callers may then pass `nil` and skip keeping a copy.
    var needsLocalCopy: Bool { get }

    /// The playbook's current revision (``Revision/noPlaybook`` when there is none yet).
    ///
    /// Throws, as ``read(after:)`` does, when the place that should hold the playbook
    /// does not exist or cannot be reached.
    func currentRevision() async throws -> Revision

    /// The complete, committed lines after `cursor` (`nil`: from the first line).
    ///
    /// A missing playbook reads as no lines at ``Revision/noPlaybook`` only where the first
    /// append could create it: a place that cannot hold one (a missing directory or bucket,
    /// a server that does not answer) throws, so that "nothing there yet" is never reported
    /// for what was not looked at. Throws
    /// ``PlaybookRemoteError/invalidCursor(_:location:reason:)`` for a cursor this
    /// remote did not make or that lies past the end.
    func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk

    /// Appends `lines` if the remote is still at `revision`; otherwise writes nothing.
    ///
    /// - Parameters:
    ///   - lines: one or more complete NDJSON lines, each ending in `"\n"`.
    ///   - revision: the revision the caller last read (``Revision/noPlaybook`` to create).
    ///   - localCopy: the whole playbook at `revision` followed by `lines`, for remotes
    ///     whose ``needsLocalCopy`` is `true`; others ignore it.
    /// - Returns: ``AppendOutcome/committed(revision:cursor:)`` with the new revision
    ///   and the cursor after `lines`, or ``AppendOutcome/conflict(current:)``.
    /// - Throws: a ``PlaybookRemoteError``; the lines then were either not written at
    ///   all or written whole (a lost answer, see the type's documentation).
    func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome
}
