import Foundation
import RxChainLogs
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
        ("file:/srv/team/playbook.ndjson", "/srv/team/playbook.ndjson"),
        ("file:///srv/team/why%3F%23.ndjson", "/srv/team/why?#.ndjson"),
        // Only URLs have queries and fragments: in a plain path '?' and '#' are part of the name.
        ("/srv/team/why?#.ndjson", "/srv/team/why?#.ndjson"),
        ("/srv/team/a:b.ndjson", "/srv/team/a:b.ndjson"),
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
        let colon = try DirectoryRemote("./mailto:x")
        #expect(colon.playbookPath == FileManager.default.currentDirectoryPath + "/mailto:x")
    }

    @Test(arguments: ["/srv/team/why?#.ndjson", "/srv/100%/playbook.ndjson"])
    func theCanonicalLocationOfAnOddPathNamesTheSameFile(path: String) throws {
        let remote = try DirectoryRemote(path)
        let again = try DirectoryRemote(remote.location)
        #expect(again.playbookPath == path)
        #expect(again.location == remote.location)
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
        ("file:playbook.ndjson", "file URLs must be file:///absolute/path"),
        ("file:team/playbook.ndjson", "file URLs must be file:///absolute/path"),
        ("file:", "file URLs must be file:///absolute/path"),
        ("file://localhost", "file URLs must be file:///absolute/path"),
        ("mailto:someone@example.com", "the scheme 'mailto' is not supported"),
        ("x-custom+1.0:thing", "the scheme 'x-custom+1.0' is not supported"),
        ("file:///srv/team/playbook.ndjson?x=1", "a query ('?…')"),
        ("file:///srv/team/playbook.ndjson#f", "a fragment ('#…')"),
        ("file:///srv/team/bad%zz.ndjson", "bad percent-escape"),
        ("file:///srv/team/nul%00.ndjson", "bad percent-escape"),
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
