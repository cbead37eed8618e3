import Foundation

/// Where ``SyncQueue/archiveQuarantine(directory:lockWait:now:)`` moved a queue's quarantined lines.
public struct QuarantineArchive: Sendable, Equatable {
    /// The dated file now holding the lines, byte for byte as `quarantine.jsonl` held them.
    public let file: URL
    /// How many quarantined lines it holds.
    public let count: Int

    /// Creates a description of an archive.
    public init(file: URL, count: Int) {
        self.file = file
        self.count = count
    }
}
