import Foundation
import RxChainCore
import RxChainServer
import RxChainServerStorage

/// The time entry service's state and its durability: a ``RxChain/StoreManager`` folding the
/// service's log.
///
/// A change is appended to the log first (answered by the book only once it is `fsync`ed), then
/// every entry not folded yet is sent to the store in `seq` order, and the request reads its
/// answer from the state right after its own command. The log's order is the order of truth:
/// two requests racing on one entry are applied in the order the book accepted them, and a
/// fold of the log after a restart applies the same commands in the same order.
///
/// An actor, so that entries are sent to the store once each and in order; it never holds
/// anything across the append, so concurrent changes share the book's group commit.
actor TimeEntryServiceStorage {
    typealias Store = StoreManager<TimeEntryServerState, TimeEntryServerCommand, Never>

    let log: ServiceLog
    let store = Store(initialState: TimeEntryServerState(), reducer: TimeEntryServerRules.reducer)
    /// The `seq` of the last entry sent to the store.
    private var folded: UInt64 = 0
    /// Ids of entries being appended whose requests wait for their answers.
    private var awaited: Set<String> = []
    /// The handles of awaited entries already sent to the store.
    private var handles: [String: SendHandle<TimeEntryServerState>] = [:]

    /// Creates the storage over `log`; ``catchUp()`` folds what it holds.
    init(log: ServiceLog) {
        self.log = log
    }

    /// The state after every durable entry of the log.
    func currentState() async -> TimeEntryServerState {
        catchUp()
        await store.settle()
        return await store.state
    }

    /// Appends `command` to the log, applies it in the log's order, and returns its answer.
    ///
    /// - Throws: ``RxChainServer/LogAppendError`` when the log refused it (storage failed, the
    ///   server is closing): nothing was acknowledged.
    func record(_ command: TimeEntryServerCommand) async throws(LogAppendError) -> TimeEntryServerAnswer {
        let id = UUID().uuidString
        awaited.insert(id)
        do {
            try await log.append(id: id, body: command.logBody, creator: command.user)
        } catch {
            awaited.remove(id)
            handles[id] = nil
            throw error
        }
        catchUp()
        awaited.remove(id)
        guard let handle = handles.removeValue(forKey: id) else {
            preconditionFailure("TimeEntryServiceStorage: entry \(id) was appended but not folded")
        }
        let answer = try? await handle.applied().lastAnswer
        return answer ?? TimeEntryServerAnswer(ServerError(status: 500, code: "internal", message: "no answer"))
    }

    /// Sends every durable entry after ``folded`` to the store, in `seq` order; an entry whose
    /// request waits gets a handle for its answer.
    ///
    /// - Precondition: every entry is a command this version wrote (the log is the service's
    ///   own; no client can reach it).
    func catchUp() {
        while true {
            let page = log.read(after: folded)
            for entry in page.entries {
                let command: TimeEntryServerCommand
                do {
                    command = try TimeEntryServerCommand(creator: entry.creator, body: entry.body)
                } catch {
                    preconditionFailure("\(log.name) entry \(entry.seq) is not a time entry command: \(error)")
                }
                if awaited.contains(entry.id) {
                    handles[entry.id] = store.submit(command)
                } else {
                    store.send(command)
                }
                folded = entry.seq
            }
            if !page.hasMore || page.entries.isEmpty { return }
        }
    }
}
