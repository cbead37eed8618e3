import RxChainTesting

/// A random history of one device's fold: entries made locally, and batches from the server
/// arriving in any order, with repeated copies, clashing copies and late confirmations.
struct OrderedLogScenario: CustomStringConvertible {
    enum Step {
        case local(ListDomain.Entry)
        case receive([ListDomain.Entry])
    }

    var steps: [Step]
    var checkpointInterval: Int

    var description: String {
        "interval \(checkpointInterval): "
            + steps.map { step in
                switch step {
                case .local(let entry): "local \(entry)"
                case .receive(let batch): "receive \(batch)"
                }
            }.joined(separator: "; ")
    }

    /// What the fold must hold after every step, from the steps alone: the first confirmed copy
    /// of each id, the local entries whose id was new when added and is not confirmed since.
    func expected() -> (confirmed: [ListDomain.Entry], locals: [ListDomain.Entry]) {
        var confirmed: [String: ListDomain.Entry] = [:]
        var locals: [ListDomain.Entry] = []
        for step in steps {
            switch step {
            case .local(let entry):
                if confirmed[entry.id] == nil && !locals.contains(where: { $0.id == entry.id }) {
                    locals.append(entry)
                }
            case .receive(let batch):
                for entry in batch where entry.ts != nil && confirmed[entry.id] == nil {
                    confirmed[entry.id] = entry
                    locals.removeAll { $0.id == entry.id }
                }
            }
        }
        return (Array(confirmed.values), locals)
    }

    static let gen = Gen<OrderedLogScenario>(
        generate: { random in draw(using: &random) },
        shrink: { scenario in
            scenario.steps.indices.map { index in
                var smaller = scenario
                smaller.steps.remove(at: index)
                return smaller
            }
        })

    private static func draw(using random: inout SeededGenerator) -> OrderedLogScenario {
        let words = ["a", "b", "c", "d"]
        let count = Int.random(in: 0...40, using: &random)
        var entries: [ListDomain.Entry] = (0..<count).map { number in
            let word = words.randomElement(using: &random)!
            let ts = Int.random(in: 0...12, using: &random)  // many ties: the id breaks them
            return Bool.random(using: &random)
                ? .append(word, id: "e\(number)", ts: ts) : .remove(word, id: "e\(number)", ts: ts)
        }
        entries.shuffle(using: &random)
        var steps: [Step] = []
        var pending = entries[...]
        var madeLocally: [ListDomain.Entry] = []
        while !pending.isEmpty || !madeLocally.isEmpty {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3 where !pending.isEmpty:
                // Made on this device: local first, confirmed in a later batch (or never).
                var local = pending.removeFirst()
                madeLocally.append(local)
                local.ts = nil
                steps.append(.local(local))
                if Int.random(in: 0..<6, using: &random) == 0 { steps.append(.local(local)) }
            default:
                var batch: [ListDomain.Entry] = []
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    if !madeLocally.isEmpty && Bool.random(using: &random) {
                        let index = Int.random(in: madeLocally.indices, using: &random)
                        let confirmed = madeLocally.remove(at: index)
                        if Int.random(in: 0..<5, using: &random) > 0 { batch.append(confirmed) }
                    } else if let next = pending.popFirst() {
                        batch.append(next)
                    }
                }
                // Copies of entries already sent: identical, clashing, or without an order.
                for _ in 0..<Int.random(in: 0...2, using: &random) where !entries.isEmpty {
                    var copy = entries.randomElement(using: &random)!
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: copy.ts = copy.ts.map { $0 + 1 }
                    case 1: copy.operation = .append("z")
                    case 2: copy.ts = nil
                    default: break
                    }
                    batch.insert(copy, at: Int.random(in: 0...batch.count, using: &random))
                }
                steps.append(.receive(batch))
            }
        }
        return OrderedLogScenario(steps: steps, checkpointInterval: Int.random(in: 1...6, using: &random))
    }
}
