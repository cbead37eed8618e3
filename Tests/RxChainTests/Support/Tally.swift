import RxChain

/// A small domain for engine tests: a tally that records which messages it applied, in order.
struct Tally: Equatable, Sendable {
    var count = 0
    var label = ""
    var log: [String] = []
    var records: [String: Int] = [:]
    var entries: TreeDictionary<String, Int> = [:]
}

enum TallyMessage: Message, Equatable {
    case add(Int, from: String = "main")
    case rename(String)
    case setRecord(String, Int)
    case setEntry(String, Int?)
    case forbidden
    case unregistered
    case screen(String)

    var tag: MessageTag {
        switch self {
        case .add: "tally/add"
        case .rename: "tally/rename"
        case .setRecord: "tally/record"
        case .setEntry: "tally/entry"
        case .forbidden: "tally/forbidden"
        case .unregistered: "tally/unregistered"
        case .screen: "screen/show"
        }
    }

    var persistence: Persistence {
        if case .screen = self { return .local }
        return .persisted
    }
}

/// The registry under test: one reducer per tag, requests describe what to sync.
let tallyReducer = TagCompositeReducer<Tally, TallyMessage, String> {
    On("tally/add") { state, message in
        guard case .add(let amount, let sender) = message else { return DataSync(state) }
        var next = state
        next.count += amount
        next.log.append("\(sender):\(amount)")
        return DataSync(next, requests: ["add \(amount)"])
    }
    On("tally/rename") { state, message in
        guard case .rename(let label) = message else { return DataSync(state) }
        guard !label.isEmpty else {
            throw Rejection(tag: "tally/rename", reason: "the label must not be empty", field: "payload")
        }
        var next = state
        next.label = label
        return DataSync(next, requests: ["rename \(label)", "audit rename"])
    }
    On("tally/record") { state, message in
        guard case .setRecord(let key, let value) = message else { return DataSync(state) }
        var next = state
        next.records[key] = value
        return DataSync(next)
    }
    On("tally/entry") { state, message in
        guard case .setEntry(let key, let value) = message else { return DataSync(state) }
        var next = state
        next.entries[key] = value
        return DataSync(next)
    }
    On("tally/forbidden") { _, _ in
        throw Rejection(tag: "tally/forbidden", reason: "never allowed")
    }
    On("screen/show") { state, _ in DataSync(state) }
}
