import Foundation
import RxChain
import Testing

@Suite struct DirectoryRemoteLocationTests {
    @Test(arguments: [
        ("/srv/team/playbook.ndjson", "/srv/team/playbook.ndjson"),
        ("file:///srv/team/playbook.ndjson", "/srv/team/playbook.ndjson"),
        ("FILE:///srv/team/playbook.ndjson", "/srv/team/playbook.ndjson"),
        ("file://localhost/srv/team/playbook.ndjson", "/srv/team/playbook.ndjson"),
        ("/srv//team/./old/../playbook.ndjson", "/srv/team/playbook.ndjson"),
        ("file:///srv/my%20team/playbook.ndjson", "/srv/my team/playbook.ndjson"),
        ("/srv/my team/playbook.ndjson", "/srv/my team/playbook.ndjson"),
    ])
    func parsesFileURLsAndPlainPaths(location: String, path: String) throws {
        let remote = try DirectoryRemote(location)
        #expect(remote.playbookPath == path)
        #expect(remote.commitRecordPath == path + ".commit")
        #expect(remote.lockFilePath == path + ".lock")
        #expect(remote.location == URL(fileURLWithPath: path).absoluteString)
        #expect(remote.location.hasPrefix("file:///"))
    }

    @Test func twoSpellingsOfOnePlaceHaveOneLocation() throws {
        let plain = try DirectoryRemote("/srv/my team/playbook.ndjson")
        let url = try DirectoryRemote("file:///srv/my%20team/./playbook.ndjson")
        #expect(plain.location == url.location)
        #expect(plain.location == "file:///srv/my%20team/playbook.ndjson")
    }

    @Test func aRelativePathIsResolvedAgainstTheCurrentDirectory() throws {
        let remote = try DirectoryRemote("shared/playbook.ndjson")
        #expect(remote.playbookPath == FileManager.default.currentDirectoryPath + "/shared/playbook.ndjson")
    }

    @Test(arguments: [
        ("http://example.com/playbook.ndjson", "the scheme 'http' is not supported"),
        ("s3://bucket/playbook.ndjson", "the scheme 's3' is not supported"),
        ("file://server/share/playbook.ndjson", "naming a host ('server')"),
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("/srv/team/", "names a directory"),
        ("file:///srv/team/..", "names a directory"),
        ("/", "names a directory"),
    ])
    func rejectsWhatIsNotAPlaybookFile(location: String, reason: String) {
        do {
            _ = try DirectoryRemote(location)
            Issue.record("'\(location)' was accepted")
        } catch let error as PlaybookRemoteError {
            guard case .invalidLocation(let rejected, _) = error else {
                Issue.record("expected invalidLocation, got \(error)")
                return
            }
            #expect(rejected == location)
            #expect(error.description.contains(reason), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
