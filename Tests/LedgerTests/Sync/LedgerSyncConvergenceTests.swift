import Foundation
import RxChain
import RxChainTesting
import Testing

@testable import Ledger

/// N devices act, go offline, sync, crash and meet remote faults at random; in the end every
/// device holds replay(playbook), every action is in the playbook once unless it was
/// dropped (and reported), and no line was ever changed.
///
/// Replay one run with `RXCHAIN_SYNC_SEED=<seed> swift test --filter LedgerSyncConvergenceTests`.
@Suite struct LedgerSyncConvergenceTests {
    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["RXCHAIN_SYNC_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return (1...12).map { $0 &* 0x9E37_79B9 }
    }()

    @Test(arguments: seeds)
    func devicesConverge(seed: UInt64) async throws {
        do {
            try await SyncWorld.with { world in try await Self.run(seed: seed, world: world) }
        } catch {
            Issue.record("seed \(seed) (replay with RXCHAIN_SYNC_SEED=\(seed)): \(error)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(seed: UInt64, world: SyncWorld) async throws {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: 2...5, using: &random)
        var remotes: [FaultInjectingRemote<DirectoryRemote, ContinuousClock>] = []
        var devices: [SyncDevice] = []
        for index in 0..<count {
            let remote = FaultInjectingRemote(try world.remote())
            remotes.append(remote)
            devices.append(try await SyncDevice("d\(index)", root: world.root, remote: remote))
        }
        var offline = Set<Int>()
        var recorded: [String] = []
        var playbook = ""
        var log: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
            if !condition {
                throw Failure(description: "\(message())\nsteps:\n" + log.suffix(30).joined(separator: "\n"))
            }
        }
        for step in 0..<80 {
            let index = Int.random(in: 0..<count, using: &random)
            let device = devices[index]
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<40:
                let action = randomAction(&random, step: step)
                recorded.append(device.record(action))
                log.append("\(step): \(device.id) records \(action.line)")
            case 40..<75:
                guard !offline.contains(index) else { continue }
                let limit = Int.random(in: 1...4, using: &random)
                let outcome = try await device.sendOnce(limit: limit)
                log.append("\(step): \(device.id) sends \(limit): \(outcome)")
            case 75..<83:
                if offline.remove(index) == nil { offline.insert(index) }
                log.append("\(step): \(device.id) online: \(!offline.contains(index))")
            case 83..<93:
                let fault = [RemoteFault.commitThenFail, .conflict, .failRead, .failBeforeWrite].randomElement(
                    using: &random)!
                remotes[index].inject(fault)
                log.append("\(step): \(device.id) remote will \(fault)")
            default:
                try await device.crashAndReopen()
                log.append("\(step): \(device.id) crashes and reopens")
            }
            let now = world.playbook()
            try check(now.hasPrefix(playbook), "step \(step): the playbook changed a line it had")
            playbook = now
        }
        for _ in 0..<2 {
            for device in devices { try await device.sync(attempts: 20) }
        }
        let expected = world.replay()
        for device in devices {
            let ledger = await device.ledger
            try check(ledger == expected, "\(device.id) holds \(ledger), replay gives \(expected)")
            try check(device.pending.isEmpty, "\(device.id) still has \(device.pending.count) pending")
        }
        let ids = world.actionIDs()
        var counts: [String: Int] = [:]
        for id in ids { counts[id, default: 0] += 1 }
        let dropped = Set(devices.flatMap { $0.transport.currentStatus.ignoredActions.map(\.key) })
        for key in recorded {
            let seen = counts[key, default: 0]
            try check(
                seen == 1 || (seen == 0 && dropped.contains(key)),
                "\(key) is in the playbook \(seen) times (dropped: \(dropped.contains(key)))")
        }
        try check(Set(ids).count == ids.count, "an action id appears twice: \(ids)")
    }

    static func randomAction(_ random: inout SeededGenerator, step: Int) -> LedgerAction {
        let names = ["Food", "Rent", "Fun"]
        let ids = ["t1", "t2", "t3"]
        let minute = String(format: "%02d", Int.random(in: 0..<60, using: &random))
        let at = "2024-01-01T10:\(minute):00Z"
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .newCategory(names.randomElement(using: &random)!)
        case 1:
            return .renameCategory(from: names.randomElement(using: &random)!, to: names.randomElement(using: &random)!)
        case 2: return .deleteCategory(names.randomElement(using: &random)!)
        case 3: return .deleteTransaction(id: ids.randomElement(using: &random)!, deletedAt: ts(at))
        default:
            return put(
                ids.randomElement(using: &random)!, Double(step), category: names.randomElement(using: &random)!,
                modified: at)
        }
    }
}
