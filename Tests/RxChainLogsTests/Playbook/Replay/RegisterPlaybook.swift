import Foundation
import RxChainTestFixtures
import RxChainTesting

@testable import RxChainLogs

/// A random register playbook for property tests: actions over a few keys (an empty key now
/// and then: invalid), written by the engine's codec or by hand (`type` first), with
/// `actionId`s from four devices over a small range of `seq`s (so lines clash), lines repeated
/// verbatim (duplicates), garbage, blank and CRLF lines, and sometimes a torn end.
struct RegisterPlaybook: Sendable, CustomStringConvertible {
    /// One line as written.
    enum Line: Sendable {
        case action(RegisterAction, actionId: ActionID?, byEngine: Bool, crlf: Bool)
        case garbage(String)
        /// The line `index` (modulo the lines so far) again, byte for byte.
        case again(Int)
    }

    var lines: [Line]
    var tornEnd: Bool
    /// Cuts the text into chunks of random sizes, so batches start and end anywhere.
    var chunkSeed: UInt64

    static let garbage = [
        "", "  ", "{", "not json", "[]", #"{"type":"register/nope","payload":{}}"#,
        #"{"type":"register/set","payload":{"key":"a"}}"#,
        #"{"type":"register/set","payload":{"key":"a","value":"1"},"actionId":"no-seq"}"#,
    ]

    static let gen: Gen<RegisterPlaybook> = {
        let key = Gen.frequency([(12, Gen.element(of: "abcdefghijkl".map(String.init))), (1, .constant(""))])
        let action = Gen.frequency([
            (6, Gen.zip(key, Gen.element(of: ["1", "2", "3"])).map { RegisterAction.set(key: $0, value: $1) }),
            (3, key.map { RegisterAction.remove(key: $0) }),
            (1, .constant(RegisterAction.clear)),
        ])
        let actionId = Gen.zip(Gen<Int>.integer(in: 0...3), Gen<UInt64>.integer(in: 1...40))
            .map { ActionID(deviceID: "d\($0)", seq: $1) }.optional()
        let line = Gen.frequency([
            (
                16,
                Gen.zip(action, actionId, Gen.bool, Gen.bool).map {
                    Line.action($0, actionId: $1, byEngine: $2, crlf: $3)
                }
            ),
            (2, Gen.element(of: garbage).map { Line.garbage($0) }),
            (2, Gen<Int>.integer(in: 0...1_000).map { Line.again($0) }),
        ])
        return Gen.zip(line.array(length: 0...300), Gen.bool, Gen<UInt64>.integer(in: 0...UInt64.max))
            .map { RegisterPlaybook(lines: $0, tornEnd: $1, chunkSeed: $2) }
    }()

    /// The playbook's bytes.
    var text: [UInt8] {
        var written: [[UInt8]] = []
        for line in lines {
            switch line {
            case .action(let action, let id, let byEngine, let crlf):
                let body = byEngine ? RegisterDomain().lineBytes(for: action, actionId: id) : Self.byHand(action, id)
                written.append(body + (crlf ? [0x0D, 0x0A] : [0x0A]))
            case .garbage(let text):
                written.append(Array(text.utf8) + [0x0A])
            case .again(let index):
                if !written.isEmpty { written.append(written[index % written.count]) }
            }
        }
        return written.flatMap { $0 } + (tornEnd ? Array(#"{"type":"register/set","#.utf8) : [])
    }

    /// The line another program might write: `type` first, `actionId` last.
    static func byHand(_ action: RegisterAction, _ id: ActionID?) -> [UInt8] {
        let payload =
            switch action {
            case .set(let key, let value): #"{"key":"\#(key)","value":"\#(value)"}"#
            case .remove(let key): #"{"key":"\#(key)"}"#
            case .clear: "{}"
            }
        let actionId = id.map { #","actionId":"\#($0)""# } ?? ""
        return Array(#"{"type":"\#(action.tag)","payload":\#(payload)\#(actionId)}"#.utf8)
    }

    /// Replays the playbook fed in chunks of random sizes.
    func replay(_ parallelism: ReplayParallelism, upto: Int? = nil) -> PlaybookReplay<RegisterDomain> {
        let text = self.text
        var random = SeededGenerator(seed: chunkSeed)
        var replay = PlaybookReplay(domain: RegisterDomain(), upto: upto, parallelism: parallelism)
        var offset = 0
        while offset < text.count {
            let end = min(text.count, offset + Int.random(in: 1...2_000, using: &random))
            replay.feed(Data(text[offset..<end]))
            offset = end
        }
        return replay
    }

    var description: String { String(decoding: text, as: UTF8.self) }
}

extension PlaybookReplay {
    /// Whether two replays found the same: state, counts, diagnostics, claims, bytes consumed, torn line.
    func isSame(as other: PlaybookReplay) -> Bool {
        state == other.state && counts == other.counts && diagnostics == other.diagnostics
            && actionIDs == other.actionIDs && consumedBytes == other.consumedBytes && tornLine == other.tornLine
    }
}
