import Foundation
import RxChainCore
import RxChainDevice
import RxChainRemotes
import SharedExpenses

/// The device of a store command: a ``SharedExpensesDevice`` on `--store`.
typealias ExpensesDevice = SharedExpensesDevice

extension ExpensesCommand {
    /// Opens the store named by `--store` (remembering `--server` and `--user` when given), runs
    /// `work` with it and the user it acts as, closes it.
    ///
    /// Every command acts as a user: a store that names none (one that does not exist included)
    /// is refused unless `--server` and `--user` are given, before anything is created.
    ///
    /// - Throws: ``UsageError`` for a missing `--store` or half a server setting;
    ///   ``CommandFailure`` for a store without a user or with an unreadable `server.json`.
    static func withDevice(
        _ arguments: ParsedArguments, context: CommandContext,
        _ work: @escaping @Sendable (ExpensesDevice) async throws -> ExitCode
    ) throws -> ExitCode {
        let directory = try LedgerCommand.storeDirectory(arguments)
        let setting = try StoreCommand.setting(arguments)
        try LedgerCommand.checkStore(directory, mustExist: false)
        let saved: ServerSetting?
        do {
            saved = try ServerSetting.saved(in: directory)
        } catch {
            throw CommandFailure("\(error)")
        }
        guard let viewer = (setting ?? saved)?.user else {
            throw CommandFailure(
                "the store \(directory.standardizedFileURL.path) has no user yet: pass --server URL --user NAME once")
        }
        let sessions = ServerSessionStore(environment: context.environment)
        return try StoreCommand.run(
            arguments, context: context,
            open: { directory, lockWait in
                try await ExpensesDevice.open(
                    directory: directory, domain: SharedExpensesDomain(viewer: viewer), setting: setting,
                    sessions: sessions, retry: RetryPolicy(base: .milliseconds(50), cap: .seconds(1)),
                    lockWait: lockWait)
            },
            close: { await $0.close() }, work)
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
