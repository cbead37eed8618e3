import RxChainCore
import RxChainLogs

/// The state of a server-log ``Device``'s store: the fold of every entry the device holds, and the
/// local entries the server refused.
public struct ServerLogState<Domain: OrderedLogDomain>: Sendable where Domain.EntryID == String {
    /// The confirmed entries in server order, then this device's local ones.
    public var fold: OrderedLogFold<Domain>
    /// The requests the server refused for good, by ``ServerLogRequest/name`` (a local entry's
    /// id), with the reason: the entries left the state, and the requests are dead letters.
    public var refused: [String: String] = [:]

    /// The domain's state.
    public var state: Domain.State { fold.state }

    /// A state holding `fold`.
    package init(fold: OrderedLogFold<Domain>) {
        self.fold = fold
    }
}

extension ServerLogState where Domain: ServerLogDomain {
    /// The reducer of the device's store: the domain's rules are its fold's, so no domain
    /// writes one.
    ///
    /// - `record` adds the entry as local and queues its append; an id the fold already holds
    ///   is rejected (nothing queued).
    /// - `changeMembership` queues the grant or revocation.
    /// - `confirm` folds the entries in server order; `refuse` discards the local entry.
    package static func reducer(domain: Domain) -> TagCompositeReducer<Self, ServerLogMessage<Domain>, ServerLogRequest>
    {
        TagCompositeReducer {
            On("serverLog/record") { (state: inout Self, message: ServerLogMessage<Domain>) in
                guard case .record(let entry) = message else { return [] }
                let id = domain.id(of: entry)
                guard state.fold.addLocal(entry).accepted > 0 else {
                    throw Rejection(
                        tag: message.tag, reason: "an entry with id \(String(reflecting: id)) is already held")
                }
                let (log, body) = domain.outgoing(entry)
                return [.append(log: log, id: id, body: String(decoding: body, as: UTF8.self))]
            }
            On("serverLog/changeMembership") { (_: inout Self, message: ServerLogMessage<Domain>) in
                guard case .changeMembership(let family, let user, let member) = message else { return [] }
                return [.membership(family: family, user: user, member: member)]
            }
            On("serverLog/confirm") { (state: inout Self, message: ServerLogMessage<Domain>) in
                if case .confirm(let entries) = message { state.fold.receive(entries) }
                return []
            }
            On("serverLog/refuse") { (state: inout Self, message: ServerLogMessage<Domain>) in
                guard case .refuse(let id, let reason) = message else { return [] }
                state.fold.discardLocal(id)
                state.refused[id] = reason
                return []
            }
        }
    }
}
