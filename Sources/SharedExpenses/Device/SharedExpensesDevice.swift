import Foundation
import RxChainCore
import RxChainDevice

/// One user's device of the shared expenses: a `RxChain/Device` folding the
/// operations of the groups its user takes part in and of the user's friend requests.
public typealias SharedExpensesDevice = Device<SharedExpensesDomain>

/// What a user does on a device, checked against the rules first: the one place the terminal
/// and the scenarios record operations from. Each returns once every operation is durably
/// queued; a refusal is a ``RxChain/Rejection`` naming the rule broken, before anything is
/// recorded.
extension Device where Domain == SharedExpensesDomain {
    /// A new id for an operation, a group or a spending, made on the device: a random UUID in
    /// lower case (122 random bits), so devices that never talked pick different ids.
    public static func newID() -> String {
        UUID().uuidString.lowercased()
    }

    /// Records an operation of `payload` by `author`, made at `createdAt` (milliseconds since
    /// the epoch, now by default) with id `id`, after checking it against the rules on the
    /// current state.
    ///
    /// - Throws: a ``RxChain/Rejection`` (tagged with the operation's type) naming the rule it
    ///   breaks, with nothing recorded; the queue's error.
    @discardableResult
    public func record(
        _ payload: ExpenseOperationPayload, by author: String, at createdAt: Int64 = now(), id: String = newID()
    ) async throws -> ExpenseOperation {
        let operation = ExpenseOperation(operationID: id, createdAt: createdAt, authorID: author, payload: payload)
        try await record(checked: [operation])
        return operation
    }

    /// Records `operations` in order, once each applies (after the ones before it) to the
    /// current state.
    ///
    /// - Throws: a ``RxChain/Rejection`` (tagged with the type of the first operation the rules
    ///   reject) naming the rule it breaks, with nothing recorded; the queue's error.
    public func record(checked operations: [ExpenseOperation]) async throws {
        var state = await state
        for operation in operations {
            if case .skipped(let reason) = domain.apply(operation, to: &state) {
                throw Rejection(tag: MessageTag(operation.type), reason: reason)
            }
        }
        for operation in operations { try await record(operation) }
    }

    /// Now, in milliseconds since the Unix epoch.
    public static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }
}
