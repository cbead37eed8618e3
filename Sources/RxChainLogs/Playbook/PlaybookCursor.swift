/// An opaque position in a playbook, just after a complete line, as one remote defines it.
///
/// A cursor comes from the remote that returned it (in a ``PlaybookChunk`` or an
/// ``AppendOutcome``) and is only meaningful to that remote: a byte offset for a
/// single file (``DirectoryRemote``), a segment number for a segmented log. A device
/// keeps its cursor between runs (it is `Codable`, encoded as a single string) and
/// passes it back to ``PlaybookRemote/read(after:)`` to fetch only what is new.
///
/// Because a remote never modifies or removes lines, a cursor stays valid for as
/// long as the playbook at that location exists.
public struct PlaybookCursor: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The remote's own encoding of the position.
    public let rawValue: String

    /// Wraps a remote's own encoding of a position. Only remotes make cursors.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Decodes the cursor from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the cursor as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
