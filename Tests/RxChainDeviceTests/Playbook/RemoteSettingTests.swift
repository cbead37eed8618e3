import Foundation
import RxChainDevice
import RxChainLogs
import RxChainRemotes
import Testing

@Suite struct RemoteSettingTests {
    @Test func anS3LocationRemembersItsEndpoint() throws {
        let setting = try RemoteSetting(
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
        let setting = try RemoteSetting(parsing: "s3://playbooks/p.ndjson", region: "eu-west-1")
        #expect(setting.endpoint == "https://s3.eu-west-1.amazonaws.com")
        // A later run in another region still reaches the same object.
        let remote = try setting.makeRemote(region: "us-east-1")
        #expect(remote.location == "https://s3.eu-west-1.amazonaws.com/playbooks/p.ndjson")
    }

    @Test func savingReplacesTheFileAndLeavesNoTemporaryBehind() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-setting-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try RemoteSetting(parsing: "s3://playbooks/a.ndjson", endpoint: "http://127.0.0.1:8333")
        let second = try RemoteSetting(parsing: "s3://playbooks/b.ndjson", endpoint: "http://127.0.0.1:8333")
        try first.save(in: directory)
        try second.save(in: directory)
        #expect(try RemoteSetting.saved(in: directory) == second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["remote.json"])
    }

    @Test func savingIntoAMissingDirectoryFailsAndNamesThePath() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-missing-\(UUID())")
        let setting = try RemoteSetting(parsing: "s3://playbooks/a.ndjson", endpoint: "http://127.0.0.1:8333")
        let error = #expect(throws: (any Error).self) { try setting.save(in: missing) }
        #expect(String(describing: error).contains(missing.path))
    }

    @Test func theSettingRoundTripsAndAnOldFileWithoutEndpointStillReads() throws {
        let setting = try RemoteSetting(parsing: "s3://playbooks/p.ndjson", endpoint: "http://127.0.0.1:9000")
        let decoded = try JSONDecoder().decode(RemoteSetting.self, from: try JSONEncoder().encode(setting))
        #expect(decoded == setting)
        let old = try JSONDecoder().decode(
            RemoteSetting.self, from: Data(#"{"location":"file:///srv/playbook.ndjson"}"#.utf8))
        #expect(old.endpoint == nil && !old.isS3)
        #expect(old.remoteLocation == "file:///srv/playbook.ndjson")
    }

    @Test(
        arguments: [
            ("s3://Bad_Bucket/p.ndjson", nil, "bucket"),
            ("s3://playbooks/", nil, "key"),
            ("s3://playbooks/a/../p.ndjson", nil, "'..' segment"),
            ("s3://playbooks/./p.ndjson", nil, "'.' segment"),
            ("s3://playbooks/team/../", nil, "'..' segment"),
            ("file:playbook.ndjson", nil, "file URLs must be file:///absolute/path"),
            ("mailto:x", nil, "the scheme 'mailto' is not supported"),
            ("file:///srv/p.ndjson?x=1", nil, "a query"),
            ("file:///srv/p.ndjson#f", nil, "a fragment"),
        ] as [(String, String?, String)])
    func badLocationsNameWhatIsWrong(location: String, endpoint: String?, named: String) {
        #expect {
            try RemoteSetting(parsing: location, endpoint: endpoint)
        } throws: { error in
            guard case PlaybookRemoteError.invalidLocation(let rejected, let reason) = error else { return false }
            return rejected == location && reason.contains(named)
        }
    }

    @Test(
        arguments: [
            ("s3://playbooks/p.ndjson", "ftp://host", "not an http:// or https:// URL"),
            // Found while writing `Fuzz/FuzzS3` (which then trapped on the first): a host that
            // is percent-encoded made no URL (a trap at the first request) or another host's.
            ("s3://playbooks/p.ndjson", "http://a%20b", "not an http:// or https:// URL with a host"),
            ("s3://playbooks/p.ndjson", "http://h%2Fpath:9000", "not an http:// or https:// URL with a host"),
            ("s3://playbooks/p.ndjson", "http://127.0.0.1:9000/bucket", "just scheme://host[:port]"),
            ("s3://playbooks/p.ndjson", "http://127.0.0.1:9000?x=1", "just scheme://host[:port]"),
            ("/srv/playbook.ndjson", "http://127.0.0.1:9000", "applies only to an s3:// location"),
        ])
    func aBadEndpointIsAnEndpointErrorNotALocationError(location: String, endpoint: String, named: String) {
        #expect {
            try RemoteSetting(parsing: location, endpoint: endpoint)
        } throws: { error in
            guard case PlaybookRemoteError.invalidEndpoint(let rejected, let reason) = error else { return false }
            return rejected == endpoint && reason.contains(named) && "\(error)".hasPrefix("invalid endpoint '")
        }
    }

    /// What stands where `remote.json` should be, for the tests of unreadable settings.
    enum Obstacle: String, CaseIterable, Sendable {
        case directory, symlinkLoop, storeIsAFile
    }

    @Test(arguments: Obstacle.allCases)
    func onlyAMissingRemoteFileMeansNoRemote(obstacle: Obstacle) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-setting-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try RemoteSetting.saved(in: root) == nil)

        var store = root
        let cause: String
        switch obstacle {
        case .directory:
            try FileManager.default.createDirectory(
                at: RemoteSetting.file(in: store), withIntermediateDirectories: false)
            cause = "Is a directory"
        case .symlinkLoop:
            let file = RemoteSetting.file(in: store).path
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: file)
            cause = "Too many levels of symbolic links"
        case .storeIsAFile:
            store = root.appendingPathComponent("store")
            try Data("not a directory".utf8).write(to: store)
            cause = "Not a directory"
        }
        let path = RemoteSetting.file(in: store).path
        let error = #expect(throws: PlaybookRemoteError.self) { try RemoteSetting.saved(in: store) }
        #expect(error?.description.contains(path) == true, "\(String(describing: error))")
        #expect(error?.description.contains(cause) == true, "\(String(describing: error))")
    }

    /// Only a segmented S3 playbook has checkpoints: compacting another is refused before any
    /// request (nothing listens at these endpoints), naming the location.
    @Test(arguments: ["s3://playbooks/team/playbook.ndjson", "/srv/team/playbook.ndjson"])
    func compactingAnythingButASegmentedPlaybookIsRefusedBeforeAnyRequest(location: String) async throws {
        let setting = try RemoteSetting(
            parsing: location, endpoint: location.hasPrefix("s3://") ? "http://127.0.0.1:9" : nil)
        await #expect(
            throws: PlaybookRemoteError.invalidLocation(
                setting.location,
                reason: "only a segmented S3 playbook (s3://bucket/prefix/, ending in '/') can be compacted")
        ) {
            try await setting.compact()
        }
    }
}
