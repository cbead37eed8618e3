import Foundation

/// How ``PlaybookReplay`` spreads a large feed over threads.
///
/// A feed with at least ``minimumBatch`` complete lines is replayed in three steps: its lines
/// are parsed on ``parts`` threads at once, in runs of consecutive lines; one thread then
/// claims the lines' actionIds in line order and takes the lines that are not transaction
/// actions in order (diagnostics, the category list); finally the records, split into
/// ``parts`` parts by id (`TreeDictionary.split(into:)`), are edited on one thread per part,
/// which skips the lines whose actionId an earlier line claimed.
/// Every rule for a transaction reads and writes only the record with its id, and a category
/// rename or delete reaches every part at its place in line order, so the ledger, counts and
/// diagnostics are exactly those of replaying line by line on one thread.
@usableFromInline package struct ReplayParallelism: Sendable, Hashable {
    /// Threads, and parts the records are split into: a power of two from 1 (line by line) to 32.
    @usableFromInline package let parts: Int
    /// The fewest complete lines in one feed worth starting the threads for.
    @usableFromInline package let minimumBatch: Int

    /// Line by line on the calling thread.
    /// Spreads feeds of at least `minimumBatch` complete lines over `parts` threads.
    package init(parts: Int, minimumBatch: Int) {
        self.parts = parts
        self.minimumBatch = minimumBatch
    }

    package static let sequential = ReplayParallelism(parts: 1, minimumBatch: .max)

    /// One part per core, up to 8 (a power of two), for feeds of 2,048 lines or more.
    package static let automatic = ReplayParallelism(
        parts: largestPowerOfTwo(atMost: min(ProcessInfo.processInfo.activeProcessorCount, 8)), minimumBatch: 2048)

    static func largestPowerOfTwo(atMost value: Int) -> Int {
        var power = 1
        while power * 2 <= value { power *= 2 }
        return power
    }
}
