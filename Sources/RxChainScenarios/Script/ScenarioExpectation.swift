/// What an `expect` line checks.
package struct ScenarioExpectation: Sendable {
    /// Whose state is looked at.
    package enum Subject: Sendable, Equatable, CustomStringConvertible {
        /// A device's visible state.
        case device(String)
        /// Replay of the remote playbook, or of its first `upto` lines (time travel).
        case playbook(upto: Int?)
        /// The scenario's server: what a fresh device of a user reads from it, or its logs.
        case server

        package var isDevice: Bool {
            if case .device = self { return true }
            return false
        }

        package var description: String {
            switch self {
            case .device(let name): name
            case .playbook(let upto?): "playbook upto \(upto)"
            case .playbook(nil): "playbook"
            case .server: "server"
            }
        }
    }

    package enum Check: Sendable {
        /// `PATH == VALUE`, `PATH contains VALUE`, `PATH exists` …
        case value(StatePath, ScenarioComparison)
        /// `count PATH == N`: entries of an object or array.
        case count(StatePath, ScenarioComparison)
        /// `== OTHER`: the replicated states are equal.
        case sameState(as: Subject)
        /// `pending == N`: actions waiting in the device's queue.
        case pending(ScenarioComparison)
        /// `dead letters == N`: requests the remote refused for good, kept in the device's queue.
        case deadLetters(ScenarioComparison)
        /// `status == synced|pending|offline|failing`.
        case status(ScenarioComparison)
        /// `sync.PATH …`: a field of the device's playbook sync status.
        case syncStatus(StatePath, ScenarioComparison)
        /// `error contains TEXT` / `error == TEXT`: the last error the device reported.
        case error(ScenarioComparison)
        /// `no error`: the device reported none since it was opened.
        case noError
        /// `lines == N` (playbook only): lines in the remote playbook.
        case lines(ScenarioComparison)
        /// `skipped == N` (playbook only): lines replay skipped (unreadable, duplicates, clashes).
        case skipped(ScenarioComparison)
        /// `log NAME == N` (server only): entries the server holds in the log NAME.
        case serverLog(String, ScenarioComparison)
    }

    package var subject: Subject
    package var check: Check
}

/// An operator and the value on its right: `== 12.5`, `contains "food"`, `exists`.
package struct ScenarioComparison: Sendable, CustomStringConvertible {
    package enum Operator: String, Sendable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case contains
        case exists
        case missing
    }

    package var op: Operator
    /// The right-hand side (`.null` for `exists` and `missing`).
    package var expected: ScenarioValue

    package init(op: Operator, expected: ScenarioValue) {
        self.op = op
        self.expected = expected
    }

    /// Whether `actual` (`nil`: no value there) satisfies the comparison.
    package func holds(for actual: ScenarioValue?) -> Bool {
        switch op {
        case .exists: return actual != nil
        case .missing: return actual == nil
        case .equal: return actual == expected
        case .notEqual: return actual != expected
        case .contains:
            switch (actual, expected) {
            case (.string(let text)?, .string(let part)): return text.contains(part)
            case (.array(let items)?, let item): return items.contains(item)
            case (.object(let members)?, .string(let key)): return members[key] != nil
            default: return false
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .number(let left)? = actual, case .number(let right) = expected else { return false }
            switch op {
            case .less: return left < right
            case .lessOrEqual: return left <= right
            case .greater: return left > right
            default: return left >= right
            }
        }
    }

    /// `== 12.5`, `contains "food"`, `exists`.
    package var description: String {
        switch op {
        case .exists, .missing: op.rawValue
        default: "\(op.rawValue) \(expected.json)"
        }
    }
}

/// What `expect DEVICE status …` compares: one word for where the device's sync stands.
package enum ScenarioDeviceStatus: String, Sendable, CaseIterable {
    /// Offline (`offline DEVICE`).
    case offline
    /// Online, and the last sync failed (remote error, conflict, crash), or the remote refused a
    /// request for good (a dead letter waits for the user).
    case failing
    /// Online, with actions waiting in the queue.
    case pending
    /// Online, nothing waiting, no dead letter, and the last sync (if any) succeeded.
    case synced
}
