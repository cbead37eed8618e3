import Foundation
import Testing

@testable import RxChainCore

/// `SyncManager.accept` encodes each request with its `JSONEncoder` (keys sorted, `/` as is)
/// before the queue stores it: what reaches the transport is exactly those bytes, and a request
/// the encoder refuses is reported, not queued.
@Suite struct SyncManagerEncodingTests {
    struct StampedRequest: SyncRequest {
        var tag: MessageTag
        var note: String
        var at: Date?
    }

    struct MeasuredRequest: SyncRequest {
        var tag: MessageTag
        var value: Double
    }

    /// Configured as `SyncManager`'s encoder is.
    static func reference() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    @Test func requestsReachTheTransportAsTheJSONEncoderWritesThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-encoder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try await SyncQueue.open(directory: directory, durability: .none, deviceID: "device-a")
        let transport = ScriptedTransport()
        let manager = SyncManager<StampedRequest>(queue: queue, transport: transport)
        let dated = StampedRequest(
            tag: "notes/stamp", note: "a/b \"q\" \n", at: Date(timeIntervalSince1970: 1_700_000_000.25))
        let plain = StampedRequest(tag: "notes/stamp", note: "plain", at: nil)
        manager.receive([dated, plain], progress: nil)
        await transport.waitForBatches(2)
        let expected = try [dated, plain].map { String(decoding: try Self.reference().encode($0), as: UTF8.self) }
        #expect(transport.sentPayloads == expected)
        #expect(manager.currentStatus.lastError == nil)
        await manager.shutdown()
    }

    @Test func aRequestTheJSONEncoderRefusesIsReportedWithItsError() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-encoder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try await SyncQueue.open(directory: directory, durability: .none, deviceID: "device-a")
        let manager = SyncManager<MeasuredRequest>(queue: queue, transport: ScriptedTransport())
        manager.receive([MeasuredRequest(tag: "notes/measure", value: .nan)], progress: nil)
        #expect(queue.pendingCount == 0)
        #expect(manager.currentStatus.lastError?.contains("Double.nan") == true)
        await manager.shutdown()
    }
}
