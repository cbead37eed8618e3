import Foundation
import RxChainLogs
import RxChainTestFixtures
import RxChainTesting
import Testing

/// Both S3 layouts against a real SeaweedFS through a ``FaultProxy`` that loses answers,
/// cuts uploads and refuses connections (`.ci/seaweedfs run swift test …`).
///
/// Each test appends through the proxy and checks what the server really holds through a
/// direct remote.
@Suite(.enabled(if: S3TestServer.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
struct S3LostResponseTests {
    typealias Layout = S3TestServer.Layout

    /// The answer to a committed append is lost: the client sees a transient error, the
    /// lines are in the playbook once, and the same append again is the false conflict.
    @Test(arguments: Layout.allCases)
    func aLostAnswerLeavesTheLinesCommittedOnceAndTheRetryConflicts(layout: Layout) async throws {
        let proxy = try S3TestServer.proxy()
        defer { proxy.stop() }
        let (direct, proxied) = try Self.remotes(layout, proxy: proxy)
        let first = try #require(
            try await direct.append(ndjson("a"), expecting: .noPlaybook, localCopy: ndjson("a")).committedRevision)

        proxy.inject(.cutResponse, method: "PUT")  // before the requests that lead to the PUT
        #expect(try await proxied.read(after: nil).revision == first)
        let error = await #expect(throws: PlaybookRemoteError.self) {
            try await proxied.append(ndjson("b"), expecting: first, localCopy: ndjson("a", "b"))
        }
        #expect(proxy.playedFaults == [.cutResponse])
        #expect(error?.isTransient == true)
        guard case .unavailable(let location, _)? = error else {
            Issue.record("expected the remote to be unavailable, got \(String(describing: error))")
            return
        }
        #expect(location == proxied.location)

        let committed = try await direct.read(after: nil)
        #expect(committed.lines == ndjson("a", "b"))
        #expect(committed.revision != first)
        #expect(
            try await proxied.append(ndjson("b"), expecting: first, localCopy: ndjson("a", "b"))
                == .conflict(current: committed.revision))
        #expect(try await direct.read(after: nil) == committed)
    }

    /// An upload cut mid-body commits nothing: the revision and the lines stay as they
    /// were, and the same append then goes through.
    @Test(arguments: Layout.allCases)
    func anUploadCutMidBodyCommitsNothing(layout: Layout) async throws {
        let proxy = try S3TestServer.proxy()
        defer { proxy.stop() }
        let (direct, proxied) = try Self.remotes(layout, proxy: proxy)
        let first = try #require(
            try await direct.append(ndjson("a"), expecting: .noPlaybook, localCopy: ndjson("a")).committedRevision)
        let line = "b \(String(repeating: "x", count: 200))"

        proxy.inject(.cutRequest, method: "PUT")
        let error = await #expect(throws: PlaybookRemoteError.self) {
            try await proxied.append(ndjson(line), expecting: first, localCopy: ndjson("a", line))
        }
        #expect(proxy.playedFaults == [.cutRequest])
        #expect(error?.isTransient == true)
        #expect(try await direct.currentRevision() == first)
        #expect(try await direct.read(after: nil).lines == ndjson("a"))

        let retried = try await proxied.append(ndjson(line), expecting: first, localCopy: ndjson("a", line))
        #expect(retried.committedRevision != nil)
        #expect(try await direct.read(after: nil).lines == ndjson("a", line))
    }

    /// A refused connection is a transient error that names the endpoint; nothing is written.
    @Test(arguments: Layout.allCases)
    func aRefusedConnectionIsATransientErrorNamingTheEndpoint(layout: Layout) async throws {
        let proxy = try S3TestServer.proxy()
        defer { proxy.stop() }
        let (direct, proxied) = try Self.remotes(layout, proxy: proxy)
        let first = try #require(
            try await direct.append(ndjson("a"), expecting: .noPlaybook, localCopy: ndjson("a")).committedRevision)

        proxy.inject(.refuse)
        let error = await #expect(throws: PlaybookRemoteError.self) {
            try await proxied.append(ndjson("b"), expecting: first, localCopy: ndjson("a", "b"))
        }
        #expect(proxy.playedFaults == [.refuse])
        #expect(error?.isTransient == true)
        #expect(error?.description.contains(proxy.endpoint) == true, "\(String(describing: error))")
        #expect(try await direct.read(after: nil).lines == ndjson("a"))
    }

    /// A remote straight to the server and one through `proxy`, on the same fresh playbook.
    static func remotes(_ layout: Layout, proxy: FaultProxy) throws -> (
        direct: any PlaybookRemote, proxied: any PlaybookRemote
    ) {
        let name = layout.freshName()
        return (
            try layout.remote(name, endpoint: S3TestServer.endpoint), try layout.remote(name, endpoint: proxy.endpoint)
        )
    }
}
