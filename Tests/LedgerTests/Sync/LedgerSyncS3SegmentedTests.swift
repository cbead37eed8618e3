import Foundation
import RxChainDevice
import RxChainLogs
import RxChainRemotes
import Testing

@testable import Ledger

/// Devices syncing through the segmented layout of a real S3 server
/// (`.ci/seaweedfs run swift test …`), with a compaction in the middle.
@Suite struct LedgerSyncS3SegmentedTests {
    @Test func aPrefixSettingMakesASegmentedRemote() throws {
        let setting = try RemoteSetting(parsing: "s3://playbooks/team/", endpoint: "http://127.0.0.1:8333")
        #expect(setting.isS3 && setting.isSegmentedS3)
        #expect(setting.remoteLocation == "http://127.0.0.1:8333/playbooks/team/")
        let remote = try #require(try setting.makeRemote() as? S3SegmentedRemote)
        #expect(remote.location == setting.remoteLocation)
        #expect(!remote.needsLocalCopy)
        let object = try RemoteSetting(parsing: "s3://playbooks/team/p.ndjson", endpoint: "http://h")
        #expect(!object.isSegmentedS3)
        #expect(try object.makeRemote() is S3Remote)
        #expect(throws: PlaybookRemoteError.self) {
            try RemoteSetting(parsing: "s3://playbooks/", endpoint: "http://h")
        }
    }

    @Test(.enabled(if: S3TestObject.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
    func devicesConvergeThroughSegmentsAcrossACompaction() async throws {
        try await SyncWorld.with { world in
            let prefix = "ledger-seg-\(UUID().uuidString)/"
            let a = try await SyncDevice("a", root: world.root, remote: try Self.remote(prefix))
            let b = try await SyncDevice("b", root: world.root, remote: try Self.remote(prefix))
            a.record(.newCategory("Food"))
            b.record(.newCategory("Rent"))
            try await a.sync()
            try await b.sync()
            a.record(.renameCategory(from: "Rent", to: "Home"))
            try await a.crashAndReopen()  // the cursor is read back from disk
            try await a.sync()

            let checkpoint = try #require(try await Self.remote(prefix).compact())
            #expect(checkpoint.segment == 3)
            b.record(.newCategory("Travel"))
            try await b.sync()  // behind the checkpoint: reads segment 3, then appends segment 4
            let c = try await SyncDevice("c", root: world.root, remote: try Self.remote(prefix))
            try await c.sync()  // new: reads the checkpoint, then segment 4
            try await a.sync()

            let playbook = try await Self.remote(prefix).read(after: nil)
            #expect(playbook.revision == Revision("4"))
            let expected = LedgerReplay.replay(playbook.lines).ledger
            #expect(expected.categories == ["Food", "Home", "Travel"])
            #expect(await a.ledger == expected)
            #expect(await b.ledger == expected)
            #expect(await c.ledger == expected)
            #expect(await c.snapshot.cursor == PlaybookCursor("4"))
            #expect(!FileManager.default.fileExists(atPath: b.directory.path + "/playbook.copy"))
        }
    }

    /// A signed segmented remote under `prefix` in the `playbooks` bucket.
    static func remote(_ prefix: String) throws -> S3SegmentedRemote {
        let environment = S3TestObject.environment
        let credentials = S3Credentials(
            accessKeyId: environment["RXCHAIN_S3_ACCESS_KEY_ID"] ?? "",
            secretAccessKey: environment["RXCHAIN_S3_SECRET_ACCESS_KEY"] ?? "")
        return try S3SegmentedRemote(
            "s3://playbooks/\(prefix)", endpoint: environment["RXCHAIN_S3_ENDPOINT"], credentials: credentials,
            requestTimeout: .seconds(20))
    }
}
