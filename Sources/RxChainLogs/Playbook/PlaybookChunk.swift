import Foundation

/// What one ``PlaybookRemote/read(after:)`` returns: the complete lines after a cursor.
///
/// `lines` holds zero or more whole NDJSON lines, each ending in `"\n"`, exactly as
/// they are stored — never part of a line. Reading again after `cursor` returns only
/// lines appended later. `revision` is the version of the playbook these lines end
/// at: when `lines` reach the end of the playbook at `revision`, appending with
/// `expecting: revision` builds on exactly what was read.
public struct PlaybookChunk: Sendable, Hashable {
    /// The bytes of the new complete lines (empty when nothing is new).
    public var lines: Data
    /// The position just after `lines`; pass it to the next read.
    public var cursor: PlaybookCursor
    /// The revision of the playbook these lines belong to.
    public var revision: Revision

    /// Creates a chunk; remotes make these.
    public init(lines: Data, cursor: PlaybookCursor, revision: Revision) {
        self.lines = lines
        self.cursor = cursor
        self.revision = revision
    }

    /// Whether the read found no new line.
    public var isEmpty: Bool { lines.isEmpty }
}
