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
            let status = try await succeed(store, ["status"])
            let reason = status.stdoutLines.first { $0.hasPrefix("local copy reset: ") }
            #expect(reason?.contains("local.journal is corrupt at byte") == true, "\(status)")

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

    /// A remote setting the store's user cannot read is an error naming the file and the cause,
    /// and nothing is synced. Root reads a file whatever its mode, so as root (CI) the store is
    /// given to `nobody` and the command runs as `nobody` through `setpriv`.
    @Test func anUnreadableRemoteSettingIsAnErrorNamingTheFileAndTheCause() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("phone")
            try await succeed(store, ["sync", "--remote", root.appendingPathComponent("remote/playbook.ndjson").path])
            let setting = store.appendingPathComponent("remote.json")
            var runner = try CLIRunner()
            var arguments = ["ledger", "--store", store.path, "sync"]
            if geteuid() == 0 {
                let setpriv = "/usr/bin/setpriv"
                try #require(
                    FileManager.default.isExecutableFile(atPath: setpriv),
                    "setpriv (util-linux) is needed to read as a user other than root")
                try giveToNobody(store)
                arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", runner.executable.path] + arguments
                runner = CLIRunner(executable: URL(fileURLWithPath: setpriv))
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: setting.path)
            let refused = try await runner.run(arguments, environment: ["NO_COLOR": "1"])
            #expect(refused.exitCode == 1, "\(refused)")
            #expect(
                refused.stderr.contains(
                    "\(setting.path): permission denied while trying to read the store's remote setting"),
                "\(refused)")
        }
    }

    /// Makes `nobody` (uid and gid 65534) the owner of `directory` and everything in it.
    private func giveToNobody(_ directory: URL) throws {
        let nobody: [FileAttributeKey: Any] = [.ownerAccountID: 65534, .groupOwnerAccountID: 65534]
        try FileManager.default.setAttributes(nobody, ofItemAtPath: directory.path)
        let items = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        for item in items {
            try FileManager.default.setAttributes(nobody, ofItemAtPath: directory.appendingPathComponent(item).path)
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
