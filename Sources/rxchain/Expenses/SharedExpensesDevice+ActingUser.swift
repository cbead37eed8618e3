import RxChainCore
import RxChainDevice
import SharedExpenses

extension Device where Domain == SharedExpensesDomain {
    /// The user the device acts as.
    ///
    /// - Throws: ``CommandFailure`` when the store has no server setting yet.
    func actingUser() throws(CommandFailure) -> String {
        guard let user = setting?.user else {
            throw CommandFailure("the store \(directory.path) has no user yet: pass --server URL --user NAME once")
        }
        return user
    }

    /// Records an operation of `payload` by the device's user, made now with a fresh id, after
    /// checking it against the rules on the current state: one the rules reject is not recorded.
    ///
    /// - Throws: ``CommandFailure`` naming the rule it breaks; the queue's error.
    @discardableResult
    func record(_ payload: ExpenseOperationPayload) async throws -> ExpenseOperation {
        do {
            return try await record(payload, by: try actingUser())
        } catch let rejection as Rejection {
            throw CommandFailure("rejected: \(rejection.reason)")
        }
    }
}
