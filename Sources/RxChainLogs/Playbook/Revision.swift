/// An opaque name for one version of a playbook on a remote.
///
/// Every successful append moves the remote to a new revision that it never had
/// before, so "the revision I read" is enough to detect that someone else wrote
/// since. Compare revisions only for equality; their text means something only to
/// the remote that made them (an ETag for object storage, a generation and length
/// for ``DirectoryRemote``).
///
/// A remote with no playbook yet reports ``noPlaybook``; an append expecting it
/// creates the playbook, and fails as a conflict if someone created it first.
///
/// Encoded as a single JSON string, so a device can keep the last revision it saw.
public struct Revision: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The remote's own text for this revision (empty for ``noPlaybook``).
    public let rawValue: String

    /// Wraps a remote's own revision text. Remotes make revisions; callers only keep and compare them.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The revision of a remote that holds no playbook yet.
    public static let noPlaybook = Revision("")

    /// Whether this is ``noPlaybook``.
    public var isNoPlaybook: Bool { rawValue.isEmpty }

    public var description: String { isNoPlaybook ? "no playbook yet" : rawValue }

    /// Decodes the revision from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the revision as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
