import Foundation
import RxChainLogs
import RxChainTesting
import Testing

@testable import Ledger

/// N devices act, go offline, sync, crash and meet remote faults at random; in the end every
/// device holds replay(playbook), every action is in the playbook once unless it was
/// dropped (and reported), and no line was ever changed.
///
/// The same property runs against a directory remote and, when `.ci/seaweedfs run` names
/// a server, against both S3 layouts (a fresh key or prefix per case, fewer seeds: every
/// step reads the whole playbook over HTTP).
///
/// Replay one run with `RXCHAIN_SYNC_SEED=<seed> swift test --filter LedgerSyncConvergenceTests`.
@Suite struct LedgerSyncConvergenceTests {
    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["RXCHAIN_SYNC_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return (1...12).map { $0 &* 0x9E37_79B9 }
    }()

    /// The seeds the S3 layouts run: the first three (or the replayed one).
    static let s3Seeds = Array(seeds.prefix(3))

    @Test(arguments: seeds)
    func devicesConverge(seed: UInt64) async throws {
        do {
            try await SyncWorld.with { world in
                let playbook = Playbook(makeRemote: { try world.remote() }, text: { world.playbook() })
                try await Self.run(seed: seed, world: world, playbook: playbook)
            }
        } catch {
            Issue.record("seed \(seed) (replay with RXCHAIN_SYNC_SEED=\(seed)): \(error)")
        }
    }

    @Test(
        .enabled(if: S3TestObject.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"),
        arguments: S3SyncLayout.allCases, s3Seeds)
    func devicesConvergeThroughS3(layout: S3SyncLayout, seed: UInt64) async throws {
        do {
            try await SyncWorld.with { world in
                let name = layout.freshName("converge")
                switch layout {
                case .object:
                    let reader = try layout.object(name)
                    let playbook = Playbook(makeRemote: { try layout.object(name) }, text: { try await reader.text() })
                    try await Self.run(seed: seed, world: world, playbook: playbook)
                case .segmented:
                    let reader = try layout.segmented(name)
                    let playbook = Playbook(
                        makeRemote: { try layout.segmented(name) }, text: { try await reader.text() })
                    try await Self.run(seed: seed, world: world, playbook: playbook)
                }
            }
        } catch {
            Issue.record("\(layout), seed \(seed) (replay with RXCHAIN_SYNC_SEED=\(seed)): \(error)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Where one run's playbook lives: how to make each device's remote, and how to read
    /// the whole playbook as it is now.
    struct Playbook<Remote: PlaybookRemote> {
        var makeRemote: () throws -> Remote
        var text: () async throws -> String
    }

    static func run<Remote: PlaybookRemote>(seed: UInt64, world: SyncWorld, playbook source: Playbook<Remote>)
        async throws
    {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: 2...5, using: &random)
        var remotes: [FaultInjectingRemote<Remote, ContinuousClock>] = []
        var devices: [SyncDevice] = []
        for index in 0..<count {
            let remote = FaultInjectingRemote(try source.makeRemote())
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
            let now = try await source.text()
            try check(now.hasPrefix(playbook), "step \(step): the playbook changed a line it had")
            playbook = now
        }
        for _ in 0..<2 {
            for device in devices { try await device.sync(attempts: 20) }
        }
        let final = try await source.text()
        let expected = SyncPlaybookText.replay(final)
        for device in devices {
            let ledger = await device.ledger
            try check(ledger == expected, "\(device.id) holds \(ledger), replay gives \(expected)")
            try check(device.pending.isEmpty, "\(device.id) still has \(device.pending.count) pending")
        }
        let ids = SyncPlaybookText.actionIDs(final)
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

extension PlaybookRemote {
    /// The whole playbook's text, read from the start.
    fileprivate func text() async throws -> String {
        String(decoding: try await read(after: nil).lines, as: UTF8.self)
    }
}
