import Foundation
import RxChainRemotes
import Testing

@testable import Ledger

/// Devices syncing through one object of a real S3 server (`.ci/seaweedfs run swift test …`).
@Suite(.enabled(if: S3TestObject.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
struct LedgerSyncS3Tests {

    @Test func twoDevicesConvergeThroughOneObject() async throws {
        try await SyncWorld.with { world in
            let key = "ledger-\(UUID().uuidString)/playbook.ndjson"
            let a = try await SyncDevice("a", root: world.root, remote: try S3TestObject.remote(key: key))
            let b = try await SyncDevice("b", root: world.root, remote: try S3TestObject.remote(key: key))
            a.record(.newCategory("Food"))
            b.record(.newCategory("Rent"))
            try await a.sync()
            try await b.sync()
            a.record(.renameCategory(from: "Rent", to: "Home"))
            try await a.crashAndReopen()  // the copy is read back from disk
            try await a.sync()
            try await b.sync()
            let object = try await S3TestObject.remote(key: key).read(after: nil).lines
            let expected = LedgerReplay.replay(object).ledger
            #expect(expected.categories == ["Food", "Home"])
            #expect(await a.ledger == expected)
            #expect(await b.ledger == expected)
            #expect(FileManager.default.contents(atPath: b.directory.path + "/playbook.copy") == object)
        }
    }
}

/// The server `.ci/seaweedfs run` names in the test process's environment.
enum S3TestObject {
    static let environment = ProcessInfo.processInfo.environment
    static var isConfigured: Bool { environment["RXCHAIN_S3_ENDPOINT"] != nil }

    /// A signed remote for the object `key` in the `playbooks` bucket.
    static func remote(key: String) throws -> S3Remote {
        let credentials = S3Credentials(
            accessKeyId: environment["RXCHAIN_S3_ACCESS_KEY_ID"] ?? "",
            secretAccessKey: environment["RXCHAIN_S3_SECRET_ACCESS_KEY"] ?? "")
        return try S3Remote(
            "s3://playbooks/\(key)", endpoint: environment["RXCHAIN_S3_ENDPOINT"], credentials: credentials,
            requestTimeout: .seconds(20))
    }
}
