import Foundation

/// Where ``SyncQueue/archiveQuarantine(directory:lockWait:now:)`` moved a queue's quarantined lines.
package struct QuarantineArchive: Sendable, Equatable {
    /// The dated file now holding the lines, byte for byte as `quarantine.jsonl` held them.
    package let file: URL
    /// How many quarantined lines it holds.
    package let count: Int

    /// Creates a description of an archive.
    package init(file: URL, count: Int) {
        self.file = file
        self.count = count
    }
}
