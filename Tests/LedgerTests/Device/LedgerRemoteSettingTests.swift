import Foundation
import RxChain
import Testing

@testable import Ledger

@Suite struct LedgerRemoteSettingTests {
    @Test func anS3LocationRemembersItsEndpoint() throws {
        let setting = try LedgerRemoteSetting(
            parsing: "s3://playbooks/team/playbook.ndjson", endpoint: "http://127.0.0.1:8333")
        #expect(setting.isS3)
        #expect(setting.location == "s3://playbooks/team/playbook.ndjson")
        #expect(setting.endpoint == "http://127.0.0.1:8333")
        #expect(setting.remoteLocation == "http://127.0.0.1:8333/playbooks/team/playbook.ndjson")
        let remote = try #require(try setting.makeRemote() as? S3Remote)
        #expect(remote.location == setting.remoteLocation)
        #expect(!remote.isSigned)
        let signed = try setting.makeRemote(credentials: S3Credentials(accessKeyId: "AKID", secretAccessKey: "s"))
        #expect((signed as? S3Remote)?.isSigned == true)
    }

    @Test func withoutAnEndpointAnS3LocationIsAWSInTheRegionThenInForce() throws {
        let setting = try LedgerRemoteSetting(parsing: "s3://playbooks/p.ndjson", region: "eu-west-1")
        #expect(setting.endpoint == "https://s3.eu-west-1.amazonaws.com")
        // A later run in another region still reaches the same object.
        let remote = try setting.makeRemote(region: "us-east-1")
        #expect(remote.location == "https://s3.eu-west-1.amazonaws.com/playbooks/p.ndjson")
    }

    @Test func savingReplacesTheFileAndLeavesNoTemporaryBehind() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-setting-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try LedgerRemoteSetting(parsing: "s3://playbooks/a.ndjson", endpoint: "http://127.0.0.1:8333")
        let second = try LedgerRemoteSetting(parsing: "s3://playbooks/b.ndjson", endpoint: "http://127.0.0.1:8333")
        try first.save(in: directory)
        try second.save(in: directory)
        #expect(try LedgerRemoteSetting.saved(in: directory) == second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["remote.json"])
    }

    @Test func savingIntoAMissingDirectoryFailsAndNamesThePath() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-missing-\(UUID())")
        let setting = try LedgerRemoteSetting(parsing: "s3://playbooks/a.ndjson", endpoint: "http://127.0.0.1:8333")
        let error = #expect(throws: (any Error).self) { try setting.save(in: missing) }
        #expect(String(describing: error).contains(missing.path))
    }

    @Test func theSettingRoundTripsAndAnOldFileWithoutEndpointStillReads() throws {
        let setting = try LedgerRemoteSetting(parsing: "s3://playbooks/p.ndjson", endpoint: "http://127.0.0.1:9000")
        let decoded = try JSONDecoder().decode(LedgerRemoteSetting.self, from: try JSONEncoder().encode(setting))
        #expect(decoded == setting)
        let old = try JSONDecoder().decode(
            LedgerRemoteSetting.self, from: Data(#"{"location":"file:///srv/playbook.ndjson"}"#.utf8))
        #expect(old.endpoint == nil && !old.isS3)
        #expect(old.remoteLocation == "file:///srv/playbook.ndjson")
    }

    @Test(
        arguments: [
            ("s3://Bad_Bucket/p.ndjson", nil, "bucket"),
            ("s3://playbooks/", nil, "key"),
            ("s3://playbooks/p.ndjson", "ftp://host", "endpoint"),
            ("/srv/playbook.ndjson", "http://127.0.0.1:9000", "s3://"),
        ] as [(String, String?, String)])
    func badSettingsNameWhatIsWrong(location: String, endpoint: String?, named: String) {
        #expect {
            try LedgerRemoteSetting(parsing: location, endpoint: endpoint)
        } throws: { error in
            guard case PlaybookRemoteError.invalidLocation(_, let reason) = error else { return false }
            return reason.contains(named) || "\(error)".contains(named)
        }
    }
}
