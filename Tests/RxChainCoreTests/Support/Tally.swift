import RxChainCollections
import RxChainCore

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

    static let addCase = MessageCase<TallyMessage, (amount: Int, sender: String)>("tally/add") {
        if case .add(let amount, let sender) = $0 { (amount, sender) } else { nil }
    }
    static let renameCase = MessageCase<TallyMessage, String>("tally/rename") {
        if case .rename(let label) = $0 { label } else { nil }
    }
    static let setRecordCase = MessageCase<TallyMessage, (key: String, value: Int)>("tally/record") {
        if case .setRecord(let key, let value) = $0 { (key, value) } else { nil }
    }
    static let setEntryCase = MessageCase<TallyMessage, (key: String, value: Int?)>("tally/entry") {
        if case .setEntry(let key, let value) = $0 { (key, value) } else { nil }
    }
}

/// The registry under test: one reducer per tag, requests describe what to sync.
let tallyReducer = TagCompositeReducer<Tally, TallyMessage, String> {
    On(TallyMessage.addCase) { state, add in
        state.count += add.amount
        state.log.append("\(add.sender):\(add.amount)")
        return ["add \(add.amount)"]
    }
    On(TallyMessage.renameCase) { state, label in
        guard !label.isEmpty else {
            throw Rejection(tag: "tally/rename", reason: "the label must not be empty", field: "payload")
        }
        state.label = label
        return ["rename \(label)", "audit rename"]
    }
    On(TallyMessage.setRecordCase) { state, record in
        state.records[record.key] = record.value
        return []
    }
    On(TallyMessage.setEntryCase) { state, entry in
        state.entries[entry.key] = entry.value
        return []
    }
    On("tally/forbidden") { _, _ in
        throw Rejection(tag: "tally/forbidden", reason: "never allowed")
    }
    On("screen/show") { _, _ in [] }
}
