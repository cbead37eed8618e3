import RxChainTesting
import TodoLists

/// A random set of confirmed entries of two users' TODO logs (lists, items, shares, acks, in
/// every log, with many `ts` ties), the user whose device folds them, and a seed for the order
/// and batching in which the server delivers them.
struct TodoScenario: CustomStringConvertible {
    var viewer: String
    var entries: [TodoEntry]
    var checkpointInterval: Int
    var deliverySeed: UInt64

    var description: String {
        "viewer \(viewer), interval \(checkpointInterval), delivery seed \(deliverySeed): "
            + entries.map { "\($0.id)@\($0.ts!) \($0.log) by \($0.creator): \($0.action)" }.joined(separator: "; ")
    }

    static let users = ["alice", "bob"]
    static let lists = ["L1", "L2", "L3"]
    static let items = ["i1", "i2", "i3", "i4", "i5"]
    static let texts = ["milk", "oat milk", "tea", ""]

    /// Shrinks by removing one entry at a time.
    static let gen = Gen<TodoScenario>(
        generate: { random in draw(using: &random) },
        shrink: { scenario in
            scenario.entries.indices.map { index in
                var smaller = scenario
                smaller.entries.remove(at: index)
                return smaller
            }
        })

    /// The entries in a random order, with copies, cut into random batches (from `deliverySeed`).
    func deliveries(salt: UInt64 = 0) -> [[TodoEntry]] {
        var random = SeededGenerator(seed: deliverySeed &+ salt)
        var stream = entries.shuffled(using: &random)
        for _ in 0..<Int.random(in: 0...entries.count / 2, using: &random) where !entries.isEmpty {
            stream.insert(entries.randomElement(using: &random)!, at: Int.random(in: 0...stream.count, using: &random))
        }
        var batches: [[TodoEntry]] = []
        while !stream.isEmpty {
            let count = min(stream.count, Int.random(in: 1...5, using: &random))
            batches.append(Array(stream.prefix(count)))
            stream.removeFirst(count)
        }
        return batches
    }

    private static func draw(using random: inout SeededGenerator) -> TodoScenario {
        let count = Int.random(in: 0...45, using: &random)
        var requestIDs: [String] = []
        let entries = (0..<count).map { number in
            let entry = drawEntry(number, requestIDs: requestIDs, using: &random)
            if case .request = entry.action { requestIDs.append(entry.id) }
            return entry
        }
        return TodoScenario(
            viewer: users.randomElement(using: &random)!, entries: entries,
            checkpointInterval: Int.random(in: 1...6, using: &random), deliverySeed: random.next())
    }

    /// Entry `number`; request ids are mostly those of requests drawn before (`requestIDs`).
    private static func drawEntry(
        _ number: Int, requestIDs: [String], using random: inout SeededGenerator
    ) -> TodoEntry {
        func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }
        let ts = Double(Int.random(in: 0...15, using: &random))  // many ties: the id breaks them
        let user = pick(users)
        let other = user == "alice" ? "bob" : "alice"
        let list = pick(lists)
        let item = pick(items)
        let request =
            requestIDs.isEmpty || Int.random(in: 0..<5, using: &random) == 0
            ? "r-unknown" : requestIDs.randomElement(using: &random)!
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .make("e\(number)", ts: ts, .global, by: user, .createList(id: list, name: pick(texts)))
        case 1: return .make("e\(number)", ts: ts, .global, by: user, .deleteList(id: list))
        case 2:
            let anchor = pick([nil, "L1", "L2", "L3", "zz"])
            return .make("e\(number)", ts: ts, .global, by: user, .reorderList(id: list, afterThisID: anchor))
        case 3:
            return .make(
                "e\(number)", ts: ts, .global, by: user, .shareList(id: list, uid: other, requestID: request))
        case 4: return .make("e\(number)", ts: ts, .global, by: user, .acceptShare(id: list, requestID: request))
        case 5: return .make("e\(number)", ts: ts, .global, by: user, .rejectShare(id: list, requestID: request))
        case 6:
            // A request's id is its entry's id; now and then written by someone else than its sender.
            let share: TodoShareRequest =
                Bool.random(using: &random) ? .acceptShare(listID: list) : .revokeShare(listID: list)
            let author = Int.random(in: 0..<8, using: &random) == 0 ? "mallory" : user
            return .make("r\(number)", ts: ts, .mailbox(from: user, to: other), by: author, .request(share))
        case 7:
            let ack: TodoAction =
                Bool.random(using: &random)
                ? .noteActionAccepted(requestID: request) : .noteActionRejected(requestID: request)
            return .make("e\(number)", ts: ts, .mailbox(from: user, to: other), by: user, ack)
        case 8: return .make("e\(number)", ts: ts, .list(list), by: user, .renameList(name: pick(texts)))
        case 9, 10, 11:
            let action = TodoAction.createItem(
                id: item, description: pick(texts), starred: Bool.random(using: &random),
                completed: Bool.random(using: &random))
            return .make("e\(number)", ts: ts, .list(list), by: user, action)
        case 12: return .make("e\(number)", ts: ts, .list(list), by: user, .deleteItem(id: item))
        case 13, 14:
            let anchor = pick([nil, "i1", "i2", "i3", "i4", "i5", "zz"])
            return .make("e\(number)", ts: ts, .list(list), by: user, .reorderItem(id: item, afterThisID: anchor))
        case 15:
            return .make(
                "e\(number)", ts: ts, .list(list), by: user, .completeItem(id: item, done: Bool.random(using: &random)))
        case 16:
            return .make(
                "e\(number)", ts: ts, .list(list), by: user, .starItem(id: item, starred: Bool.random(using: &random)))
        default:
            let action = TodoAction.describeItem(
                id: item, newDescription: pick(texts), origDescription: pick([nil] + texts.map(Optional.some)))
            return .make("e\(number)", ts: ts, .list(list), by: user, action)
        }
    }
}
