import Foundation
import RxChainServerStorage
import RxChainTesting
import Testing

/// The promises every `LogStorage` keeps (see the protocol), as checks any test suite runs
/// against its implementation: the in-memory double and the journal in this package, PostgreSQL
/// in the example server's.
///
/// Each check makes a fresh storage (or reuses a shared one: every check writes only logs of its
/// own, named afresh, and reads the change feed only for those), exercises one promise and
/// records failures with `#expect`. A suite runs every check against its storage:
///
/// ```swift
/// @Test(arguments: LogStorageContract.Check.allCases)
/// func meetsTheContract(_ check: LogStorageContract.Check) async throws {
///     let contract = LogStorageContract(make: { MemoryLogStorage() })
///     try await contract.run(check)
/// }
/// ```
public struct LogStorageContract: Sendable {
    /// Makes the storage a check runs against.
    public typealias Make = @Sendable () async throws -> any LogStorage
    /// Closes a storage and opens what it stored again (a restart).
    public typealias Reopen = @Sendable (any LogStorage) async throws -> any LogStorage

    /// One promise of the contract.
    public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Each log numbers its entries from 1, and every entry gets a server-wide `ts` above every earlier one.
        case numbersEntriesAndRaisesTimestamps
        /// An append repeated with the same ids and contents answers the original positions and writes nothing.
        case repeatsAnswerTheOriginal
        /// An id repeated with other contents is a clash: the whole batch is refused and nothing of it is written.
        case clashesRefuseTheWholeBatch
        /// Of conditional appends racing on one revision, exactly one wins.
        case conditionalAppendsHaveOneWinner
        /// A read after a cursor returns exactly the entries after it, in order.
        case readsAfterACursor
        /// The feed over several logs returns entries in `ts` order, each once.
        case feedIsInTimestampOrder
        /// Appends from many tasks at once all land, each once, in one order.
        case concurrentAppendsLoseNothing
        /// A refusal (a stale revision, a clash, an empty id) is decided before anything is written and leaves the log as it was.
        case refusalWritesNothing
        /// A waiter for new entries is woken by an append.
        case doorbellRingsAfterAnAppend
        /// Closing and reopening the storage gives back every acknowledged entry at its position.
        case survivesAReopen
        /// A closed storage refuses appends (`LogAppendError.closed`), and its waiters return.
        case refusesAppendsAfterClose
        /// A seeded run of appends and reads answers exactly as the in-memory reference does.
        case agreesWithTheReference

        public var testDescription: String { rawValue }
    }

    let make: Make
    let reopen: Reopen?

    /// A contract over the storages `make` makes; `reopen` restarts a durable one (`nil` for a
    /// storage that keeps nothing, which skips ``Check/survivesAReopen``'s restart part).
    public init(make: @escaping Make, reopen: Reopen? = nil) {
        self.make = make
        self.reopen = reopen
    }

    /// Runs one check against a fresh storage, and closes it.
    public func run(_ check: Check) async throws {
        var storage = try await make()
        let logs = ContractLogs()
        switch check {
        case .numbersEntriesAndRaisesTimestamps: try await numbersEntriesAndRaisesTimestamps(storage, logs)
        case .repeatsAnswerTheOriginal: try await repeatsAnswerTheOriginal(storage, logs)
        case .clashesRefuseTheWholeBatch: try await clashesRefuseTheWholeBatch(storage, logs)
        case .conditionalAppendsHaveOneWinner: try await conditionalAppendsHaveOneWinner(storage, logs)
        case .readsAfterACursor: try await readsAfterACursor(storage, logs)
        case .feedIsInTimestampOrder: try await feedIsInTimestampOrder(storage, logs)
        case .concurrentAppendsLoseNothing: try await concurrentAppendsLoseNothing(storage, logs)
        case .refusalWritesNothing: try await refusalWritesNothing(storage, logs)
        case .doorbellRingsAfterAnAppend: try await doorbellRingsAfterAnAppend(storage, logs)
        case .survivesAReopen: storage = try await survivesAReopen(storage, logs)
        case .refusesAppendsAfterClose: try await refusesAppendsAfterClose(storage, logs)
        case .agreesWithTheReference: try await agreesWithTheReference(storage, logs)
        }
        await storage.close()
    }
}

/// Log names of one check's own: `contract/<random>/<name>`, so checks sharing a storage never
/// see each other's entries.
struct ContractLogs: Sendable {
    let family = "contract/" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")

    func callAsFunction(_ name: String) -> LogName {
        try! LogName(validating: family + "/" + name)  // a fixed shape of valid segments
    }
}

extension NewLogEntry {
    /// An entry whose body is `{"n":<n>}`.
    static func numbered(_ id: String, _ n: Int) -> Self {
        Self(id: id, body: Array("{\"n\":\(n)}".utf8))
    }
}

extension LogStorage {
    /// Appends one entry (a batch of one).
    @discardableResult
    func append(
        _ id: String, _ n: Int, to log: LogName, creator: String = "alice", expecting revision: UInt64? = nil
    ) async throws(LogAppendError) -> AppendResult {
        try await append(to: log, [.numbered(id, n)], creator: creator, expecting: revision)[0]
    }

    /// Every durable entry of `log`, paging through it.
    func all(_ log: LogName) async throws -> [LogEntry] {
        var entries: [LogEntry] = []
        var cursor: UInt64 = 0
        while true {
            let page = try await fetch(log, after: cursor, limit: 500)
            entries += page.entries
            cursor = page.nextCursor
            if !page.hasMore { return entries }
        }
    }

    /// The change feed after `timestamp`, limited to the logs of `logs`.
    func feed(after timestamp: UInt64, of logs: ContractLogs) async throws -> [LogEntry] {
        var entries: [LogEntry] = []
        var cursor = timestamp
        while true {
            let page = try await fetchEntries(afterTimestamp: cursor, limit: 500)
            guard let last = page.last else { return entries }
            entries += page.filter { $0.log.family == logs.family }
            cursor = last.ts
        }
    }
}
