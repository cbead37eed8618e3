import RxChainTesting
import Testing
import TimeTracking

/// Random sequences through the reducer send consistent requests: a create never twice for an
/// entry while one is outstanding, updates and stops only with a `remoteId`, deletes with a
/// `remoteId` only for tombstones.
@Suite struct TimeTrackingRequestPropertyTests {
    @Test func requestsStayConsistentWithTheState() throws {
        try forAll(TimeTrackingGen.actions, iterations: 300) { actions in
            var state = TimeTrackingState()
            var outstandingCreates: Set<String> = []
            for action in actions {
                switch action {
                case .ack(let ack): outstandingCreates.remove(ack.id)
                case .reject(let reject): outstandingCreates.remove(reject.id)
                default: break
                }
                guard let result = try? TimeTrackingReducer.reducer.reduce(state, action) else { continue }
                state = result.state
                for request in result.requests {
                    switch request {
                    case .create(let snapshot):
                        guard snapshot.remoteId == nil, outstandingCreates.insert(snapshot.id).inserted else {
                            return false
                        }
                    case .update(let snapshot), .stop(let snapshot):
                        guard snapshot.remoteId != nil, state.entry(snapshot.id) != nil else { return false }
                    case .delete(let id, nil, _):
                        outstandingCreates.remove(id)
                    case .delete(let id, _?, _):
                        guard state.entries[id]?.tombstone != nil else { return false }
                    }
                }
            }
            return true
        }
    }
}
