import Foundation
import RxChainTesting
import Testing

@testable import RxChainCore

/// Random enqueue / acknowledge / dead-letter / retry / compact / close-and-reopen against
/// a dictionary model. Replay one seed with `RXCHAIN_QUEUE_SEED=<seed>`.
@Suite struct SyncQueuePropertyTests {
    struct Model {
        var next: UInt64 = 1
        var pending: [UInt64: QueueRecord] = [:]
        var dead: [UInt64: DeadLetter] = [:]

        var pendingList: [QueueRecord] { pending.values.sorted { $0.seq < $1.seq } }
        var deadList: [DeadLetter] { dead.values.sorted { $0.record.seq < $1.record.seq } }
    }

    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["RXCHAIN_QUEUE_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return (1...12).map { $0 &* 0x9E37_79B9 }
    }

    @Test(arguments: seeds)
    func queueMatchesTheModel(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory("property")
        var queue = try await SyncQueue.open(directory: directory.queue(), durability: .none, deviceID: "m")
        var model = Model()
        var history: [String] = []
        for step in 0..<250 {
            let choice = Int.random(in: 0..<100, using: &random)
            switch choice {
            case 0..<45:
                let payload = Data(#"{"step":\#(step)}"#.utf8)
                let receipt = try queue.enqueue(tag: "tag\(choice % 3)", payload: payload)
                model.pending[model.next] = QueueRecord(
                    seq: model.next, key: "m:\(model.next)", tag: "tag\(choice % 3)", payload: payload)
                #expect(receipt.seq == model.next, "seed \(seed)")
                model.next += 1
                history.append("enqueue")
            case 45..<70:
                let live = Array(model.pending.keys) + Array(model.dead.keys) + [model.next + 5]
                let chosen = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    live.randomElement(using: &random)!
                }
                try queue.acknowledge(chosen)
                for seq in chosen {
                    model.pending[seq] = nil
                    model.dead[seq] = nil
                }
                history.append("ack \(chosen)")
            case 70..<80:
                guard let seq = model.pending.keys.sorted().randomElement(using: &random) else { continue }
                try queue.deadLetter(seq: seq, reason: "failed at step \(step)")
                model.dead[seq] = DeadLetter(
                    record: model.pending.removeValue(forKey: seq)!, reason: "failed at step \(step)")
                history.append("dead \(seq)")
            case 80..<88:
                guard let seq = model.dead.keys.sorted().randomElement(using: &random) else { continue }
                try queue.retryDeadLetter(seq: seq)
                model.pending[seq] = model.dead.removeValue(forKey: seq)!.record
                history.append("retry \(seq)")
            case 88..<92:
                try await queue.compact()
                history.append("compact")
            default:
                await queue.close()
                queue = try await SyncQueue.open(
                    directory: directory.queue(), durability: .none, deviceID: "m")
                #expect(queue.recoveryReport.isClean, "seed \(seed): \(queue.recoveryReport)")
                history.append("reopen")
            }
            guard queue.pending == model.pendingList, queue.deadLetters == model.deadList,
                queue.nextSeq == model.next
            else {
                let message: String =
                    "seed \(seed) diverged after step \(step) (\(history.suffix(8).joined(separator: "; "))): "
                    + "queue \(queue.pending.map(\.seq)) dead \(queue.deadLetters.map(\.record.seq)), "
                    + "model \(model.pendingList.map(\.seq)) dead \(model.deadList.map(\.record.seq))"
                Issue.record(Comment(rawValue: message))
                return
            }
        }
        await queue.close()
    }
}
