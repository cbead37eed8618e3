import RxChainCollections
import RxChainLogs

/// The replicated state of the toy register: a value per key.
package struct Register: Codable, Equatable, Sendable {
    package var values: TreeDictionary<String, String> = [:]
}

/// Why the register's rules turned an action down.
package enum RegisterIgnoreReason: Sendable, Hashable, CustomStringConvertible {
    /// A remove of a key the register does not hold.
    case unknownKey(String)

    package var description: String {
        switch self {
        case .unknownKey(let key): "no key '\(key)'"
        }
    }
}

/// What ``RegisterAction/clear`` does to every key, at its place in line order.
package enum RegisterEdit: Sendable {
    case removeAll
}

/// A key–value register, the engine's toy domain: nothing but its rules (set, remove, clear;
/// a remove of an unknown key is ignored, an empty key is invalid), its actions
/// (``RegisterAction``, read and written by the engine's ``PlaybookLine``) and its entities
/// (the keys, for parallel replay). Replay, de-duplication, the device, sync, snapshots (the
/// engine's JSON default) and scenarios are the engine's.
package struct RegisterDomain: PlaybookDomain {
    package init() {}

    package typealias Outcome = RuleOutcome<RegisterIgnoreReason, PlaybookLineError>

    package var name: String { "register" }
    package var reducerVersion: Int { 1 }
    package var emptyState: Register { Register() }

    package func apply(_ action: RegisterAction, to state: inout Register) -> Outcome {
        guard case .clear = action else { return apply(action, toEntities: &state.values) }
        state.values = [:]
        return .applied
    }

    package var entities: WritableKeyPath<Register, TreeDictionary<String, String>>? { \.values }

    package func scope(of action: RegisterAction) -> ActionScope<String> {
        action.key.map { .entity($0) } ?? .all
    }

    package func apply(_ action: RegisterAction, toEntities values: inout TreeDictionary<String, String>) -> Outcome {
        if action.key?.isEmpty == true { return .invalid(PlaybookLineError(field: "payload.key", detail: "empty")) }
        switch action {
        case .set(let key, let value):
            values[key] = value
        case .remove(let key):
            guard values.removeValue(forKey: key) != nil else { return .ignored(.unknownKey(key)) }
        case .clear:
            preconditionFailure("register/clear touches every key: its scope is .all")
        }
        return .applied
    }

    package func applyToAll(_ action: RegisterAction, to state: inout Register) -> (Outcome, RegisterEdit?) {
        (.applied, .removeAll)
    }

    package func apply(_ edit: RegisterEdit, toEntities values: inout TreeDictionary<String, String>) {
        values = [:]
    }
}
