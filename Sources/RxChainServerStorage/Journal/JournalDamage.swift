/// A record recovery could not use: where it is, why, and where a copy of its bytes was put.
///
/// A damaged record is never dropped silently: its bytes are copied into the journal
/// directory's `quarantine/` folder before anything else happens, and it is reported here.
public struct JournalDamage: Hashable, Sendable, CustomStringConvertible {
    /// The journal segment file holding the record.
    public let file: String
    /// The byte offset of the record in `file`.
    public let offset: Int
    /// Why it could not be used (a checksum mismatch, a `seq` that does not follow on, …).
    public let reason: String
    /// The file holding a copy of the record's bytes; `nil` when there was nothing to copy (a
    /// missing segment).
    public let copy: String?

    /// Creates a report of one damaged record.
    public init(file: String, offset: Int, reason: String, copy: String?) {
        self.file = file
        self.offset = offset
        self.reason = reason
        self.copy = copy
    }

    public var description: String {
        "\(file) at offset \(offset): \(reason)" + (copy.map { " (copied to \($0))" } ?? "")
    }
}
