import Foundation
import Testing

/// What a store says about its own files through the built executable: a local copy that
/// had to be discarded is announced before the next sync, and a remote that cannot be used
/// is never remembered in place of the one that can.
@Suite struct LedgerLocalFileCommandTests: LedgerStoreSuite {
    let directoryPrefix = "ledger-local-file-cli"

    /// Flips one bit of the first occurrence of `marker` in `file`.
    func flipByte(of marker: String, in file: URL) throws {
        var bytes = try Data(contentsOf: file)
        let range = try #require(bytes.range(of: Data(marker.utf8)), "\(marker) not in \(file.path)")
        bytes[range.lowerBound + 1] ^= 0x04
        try bytes.write(to: file)
    }

    @Test func aDamagedJournalIsAnnouncedByListAndStatusBeforeTheNextSync() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("phone")
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            try await succeed(store, ["categories", "new", "Food"])
            try await succeed(store, ["sync", "--remote", playbook.path])
            try await succeed(store, ["categories", "new", "Rent"])
            try await succeed(store, ["sync"])
            try flipByte(of: "Rent", in: store.appendingPathComponent("sync/local.journal"))

            let list = try await succeed(store, ["categories"])
            #expect(list.stderr.contains("warning: the local copy was reset ("), "\(list)")
            #expect(list.stderr.contains("local.journal is corrupt at byte"), "\(list)")
            let reason = try await statusJSON(store)["resetReason"] as? String
            #expect(reason?.contains("local.journal is corrupt at byte") == true, "\(String(describing: reason))")

            try await succeed(store, ["sync"])
            let after = try await succeed(store, ["categories", "--json"])
            #expect(!after.stderr.contains("warning: the local copy was reset"), "\(after)")
            #expect(after.stdout.contains("\"Food\"") && after.stdout.contains("\"Rent\""), "\(after)")
        }
    }

    @Test(arguments: [false, true])
    func aDirectoryGivenAsTheRemoteIsRefusedAndTheRememberedRemoteStays(asURL: Bool) async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("phone")
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            try await succeed(store, ["categories", "new", "Food"])
            try await succeed(store, ["sync", "--remote", playbook.path])
            let remembered = try Data(contentsOf: store.appendingPathComponent("remote.json"))
            let share = root.appendingPathComponent("share")
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)

            let given = asURL ? URL(fileURLWithPath: share.path).absoluteString.trimmingSuffix("/") : share.path
            let refused = try await ledger(["--store", store.path, "sync", "--remote", given])
            #expect(refused.exitCode == 2, "\(refused)")
            #expect(refused.stderr.contains("it names a directory"), "\(refused)")
            #expect(try Data(contentsOf: store.appendingPathComponent("remote.json")) == remembered)
            #expect(try FileManager.default.contentsOfDirectory(atPath: share.path).isEmpty)
            try await succeed(store, ["categories", "new", "Rent"])
            try await succeed(store, ["sync"])
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
