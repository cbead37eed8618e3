import Foundation
import RxChainTesting
import Testing

@testable import Ledger

/// A device's upload is answered by a real S3 server, but a ``FaultProxy`` loses the answer
/// (`.ci/seaweedfs run swift test …`): the action ids make the next sync recognise the
/// lines instead of appending them again.
@Suite(.enabled(if: S3TestObject.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
struct LedgerSyncS3LostResponseTests {
    @Test(arguments: S3SyncLayout.allCases)
    func aLostUploadAnswerIsRecognisedNotAppendedTwice(layout: S3SyncLayout) async throws {
        let proxy = try FaultProxy(targetPort: try #require(S3SyncLayout.port))
        defer { proxy.stop() }
        try await SyncWorld.with { world in
            let name = layout.freshName("ledger-lost")
            let a = try await SyncDevice(
                "a", root: world.root, remote: try layout.remote(name, endpoint: proxy.endpoint))
            let b = try await SyncDevice("b", root: world.root, remote: try layout.remote(name))
            b.record(.newCategory("Rent"))
            try await b.sync()
            a.record(.newCategory("Food"))
            a.record(.renameCategory(from: "Rent", to: "Home"))

            proxy.inject(.cutResponse, method: "PUT")
            let lost = try await a.sendOnce()
            #expect(proxy.playedFaults == [.cutResponse])
            guard case .retryLater = lost else {
                Issue.record("expected retryLater after the lost answer, got \(lost)")
                return
            }
            #expect(a.pending.count == 2)  // not acknowledged: the device cannot know it committed
            let committed = String(decoding: try await layout.remote(name).read(after: nil).lines, as: UTF8.self)
            #expect(SyncPlaybookText.actionIDs(committed) == ["b:1", "a:1", "a:2"])

            try await a.sync()  // downloads its own lines, recognises their ids, appends nothing
            try await b.sync()
            let playbook = String(decoding: try await layout.remote(name).read(after: nil).lines, as: UTF8.self)
            #expect(playbook == committed)
            #expect(SyncPlaybookText.actionIDs(playbook) == ["b:1", "a:1", "a:2"])
            let expected = SyncPlaybookText.replay(playbook)
            #expect(expected.categories.sorted() == ["Food", "Home"])
            #expect(await a.ledger == expected)
            #expect(await b.ledger == expected)
            #expect(a.pending.isEmpty && b.pending.isEmpty)
        }
    }
}
