import FuzzSupport
import RxChainDevice
import RxChainJSON
import SharedExpenses
import TodoLists

// The entry codecs of the domains that sync through a server's logs: TODO entries
// (`TodoEntry(line:)`, `TodoEntry(record:)`, `TodoAction.body`) and expense operations
// (`ExpenseOperation(json:)`, `.json`). Each input goes to every reader.
// - Round trip through the server: an entry a device reads, sent as its `outgoing` log and body
//   and read back from the server's record of it (`entry(from:)`), is the same entry; written
//   again, it gives the same body.
// - A body the server hands back as a record reads the same through `entry(from:)` and
//   `TodoEntry(record:)`.

@main enum FuzzServerLogEntry {
    static func main() { runFuzzer(fuzzServerLogEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerLogEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkTodoEntry(bytes)
    checkExpenseOperation(bytes)
    return 0
}

private func checkTodoEntry(_ bytes: [UInt8]) {
    let domain = TodoListsDomain(viewer: "alice")
    // The bytes as a server record's body, under a log of each kind.
    for log in ["users/alice/actions", "lists/L1/actions", "requests/alice/to/bob"] {
        let record = ServerLogRecord(log: log, id: "e1", creator: "alice", body: bytes, seq: 1, ts: 7)
        guard let entry = try? TodoEntry(record: record) else { continue }
        check(
            domain.entry(from: record) == entry, "entry(from:) and TodoEntry(record:) differ on \(show(bytes))")
        checkTodoRoundTrip(entry, domain)
    }
    // A creator is an account name: the server stamps it, and a device's own entries carry its user's.
    guard let line = String(validating: bytes, as: UTF8.self), let entry = try? TodoEntry(line: line),
        AccountName.isValid(entry.creator)
    else { return }
    checkTodoRoundTrip(entry, domain)
}

private func checkTodoRoundTrip(_ entry: TodoEntry, _ domain: TodoListsDomain) {
    let (log, body) = domain.outgoing(entry)
    let record = ServerLogRecord(log: log, id: entry.id, creator: entry.creator, body: body, seq: 1, ts: 7)
    guard let again = domain.entry(from: record) else {
        propertyFailed("the TODO entry \(entry), sent to \(log) as \(show(body)), does not read back")
    }
    check(
        again.action == entry.action && again.log == entry.log && again.id == entry.id,
        "the TODO entry \(entry), sent to \(log) as \(show(body)), reads back as \(again)")
    check(domain.outgoing(again).body == body, "the TODO action \(entry.action) written twice differs")
}

private func checkExpenseOperation(_ bytes: [UInt8]) {
    guard let operation = try? ExpenseOperation(json: bytes) else { return }
    let domain = SharedExpensesDomain()
    let (log, body) = domain.outgoing(operation)
    check(body == operation.json, "the operation's outgoing body is not its json")
    let record = ServerLogRecord(
        log: log, id: operation.operationID, creator: operation.authorID, body: body, seq: 1, ts: 7)
    guard let again = domain.entry(from: record) else {
        propertyFailed("the operation \(operation), sent to \(log) as \(show(body)), does not read back")
    }
    check(again == operation, "the operation \(operation), sent as \(show(body)), reads back as \(again)")
    check(again.json == body, "the operation \(operation) written twice differs")
}
