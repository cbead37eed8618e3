import RxChainCore
import RxChainDevice

/// What a register device's store is sent: an action (persisted), or the device's re-base.
package enum RegisterMessage: Message {
    case action(RegisterAction)
    case rebase(Register)

    package static let rebaseCase = MessageCase<RegisterMessage, Register>("register/rebase") {
        if case .rebase(let register) = $0 { register } else { nil }
    }

    package static func actionCase(_ tag: MessageTag) -> MessageCase<RegisterMessage, RegisterAction> {
        MessageCase(tag) { if case .action(let action) = $0 { action } else { nil } }
    }

    package var tag: MessageTag {
        switch self {
        case .action(let action): action.tag
        case .rebase: Self.rebaseCase.tag
        }
    }
}

/// The register on a device: its store holds the register itself (no screen state).
extension RegisterDomain: DeviceDomain {
    package typealias AppState = Register
    package typealias AppMessage = RegisterMessage

    package static var replicated: WritableKeyPath<Register, Register> { \.self }

    package var initialAppState: Register { Register() }

    package var reducer: TagCompositeReducer<Register, RegisterMessage, RegisterAction> { Self.reducer }

    package func message(for action: RegisterAction) -> RegisterMessage { .action(action) }

    package func rebaseMessage(_ state: Register) -> RegisterMessage { .rebase(state) }

    package static let reducer = TagCompositeReducer<Register, RegisterMessage, RegisterAction> {
        RegisterAction.tags.map { RegisterDomain().ruleEntry(for: RegisterMessage.actionCase($0)) }
        On(RegisterMessage.rebaseCase) { state, register in
            state = register
            return []
        }
    }
}
