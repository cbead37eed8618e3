import Foundation
import RxChainServer
import RxChainTesting
import Testing

/// Memory bounded by the cache, not by history: a child process appends many times what its read
/// cache holds, restarts from the index checkpoints and reads every entry back, reporting its
/// resident memory from `/proc` as it goes (the figures themselves are `rxchain-bench
/// server-growth`'s; this only checks the bound, generously).
@Suite struct JournalGrowthTests {
    @Test func memoryStaysBoundedWhileEveryEntryStaysReadable() async throws {
        let scratch = ScratchDirectory("growth")
        let entries = 200_000
        let cacheKB = 1_024
        let child = try await runChild(
            try benchExecutable(),
            [
                "server-journal-growth", "--dir", scratch.journal.path, "--entries", "\(entries)",
                "--cache-kb", "\(cacheKB)", "--segment-kb", "1024",
            ])
        try #require(child.status == 0, "the child failed: \(child.stderr)")
        let samples = child.lines.map { $0.split(separator: " ").map(String.init) }
        func figure(_ fields: [String], _ name: String) -> Int? {
            fields.firstIndex(of: name).flatMap { $0 + 1 < fields.count ? Int(fields[$0 + 1]) : nil }
        }
        let appended = samples.filter { $0.first == "appended" }
        try #require(appended.count >= 10, "\(child.lines)")
        let read = try #require(samples.first { $0.first == "read" })
        #expect(figure(read, "read") == entries, "every entry is read back after the restart")

        // The journal holds ~40 MB: 40 times the cache. The cache never holds more than its
        // capacity, and the process's memory grows by far less than the journal did.
        let journalBytes = try scratch.segments().reduce(0) {
            $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
        }
        #expect(journalBytes > 40 * (cacheKB << 10) / 2)
        for sample in appended + [read] {
            #expect(figure(sample, "cached")! <= cacheKB << 10, "\(sample)")
        }
        let first = figure(appended[0], "rss")!
        let bound = first + 32 << 20
        for sample in samples where sample.first != nil {
            #expect(figure(sample, "rss")! <= bound, "rss past the first tenth + 32 MiB (\(bound)): \(sample)")
        }
    }
}
