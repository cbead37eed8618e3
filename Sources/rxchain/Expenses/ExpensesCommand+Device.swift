import Foundation
import RxChainCore
import RxChainDevice
import RxChainRemotes
import SharedExpenses

/// The device of a store command: a ``SharedExpensesDevice`` on `--store`.
typealias ExpensesDevice = SharedExpensesDevice

extension ExpensesCommand {
    typealias Replicated = SharedExpensesDomain

    var name: String { "expenses" }
    var replay: any Command { ExpensesReplayCommand() }

    func rules(viewer: String) -> SharedExpensesDomain { SharedExpensesDomain(viewer: viewer) }

    func watchView(of state: ServerLogState<SharedExpensesDomain>, user: String?) -> String {
        guard let user else { return "" }
        return
            (ExpensesRendering.balanceLines(of: user, in: state.state)
            + ExpensesRendering.spendingLines(of: user, in: state.state)).joined(separator: "\n")
    }

    /// Opens the store named by `--store` (see ``ServerLogCommandDomain/withStoreDevice(_:context:_:)``).
    static func withDevice(
        _ arguments: ParsedArguments, context: CommandContext,
        _ work: @escaping @Sendable (ExpensesDevice) async throws -> ExitCode
    ) throws -> ExitCode {
        try ExpensesCommand().withStoreDevice(arguments, context: context, work)
    }
}

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

extension ExpensesCommand {
    /// `name` when it can be a user's name (it becomes part of a mailbox's path), for `option`.
    ///
    /// - Throws: ``UsageError`` naming the option and the rule.
    static func userName(_ name: String, option: String) throws(UsageError) -> String {
        do {
            try ServerSessionStore.validate(user: name)
        } catch {
            throw UsageError("\(option): '\(name)' is not a user name (1 to 64 ASCII letters, digits, '-' or '_')")
        }
        return name
    }

    /// `id` when it can be a group's id (it becomes part of the group's log path,
    /// `groups/ID/operations`): 1 to 64 ASCII letters, digits, `-` or `_`.
    static func groupID(_ id: String) throws(UsageError) -> String {
        guard SharedExpensesDomain.isValidGroupID(id) else {
            throw UsageError("option '--id': '\(id)' is not a group id (1 to 64 ASCII letters, digits, '-' or '_')")
        }
        return id
    }
}
