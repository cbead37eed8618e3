import RxChainCore
import RxChainDevice

/// What a register device's store is sent: an action (persisted), or the device's re-base.
enum RegisterMessage: Message {
    case action(RegisterAction)
    case rebase(Register)

    static let rebaseCase = MessageCase<RegisterMessage, Register>("register/rebase") {
        if case .rebase(let register) = $0 { register } else { nil }
    }

    static func actionCase(_ tag: MessageTag) -> MessageCase<RegisterMessage, RegisterAction> {
        MessageCase(tag) { if case .action(let action) = $0 { action } else { nil } }
    }

    var tag: MessageTag {
        switch self {
        case .action(let action): action.tag
        case .rebase: Self.rebaseCase.tag
        }
    }
}

/// The register on a device: its store holds the register itself (no screen state).
extension RegisterDomain: DeviceDomain {
    typealias AppState = Register
    typealias AppMessage = RegisterMessage

    static var replicated: WritableKeyPath<Register, Register> { \.self }

    var initialAppState: Register { Register() }

    var reducer: TagCompositeReducer<Register, RegisterMessage, RegisterAction> { Self.reducer }

    func message(for action: RegisterAction) -> RegisterMessage { .action(action) }

    func rebaseMessage(_ state: Register) -> RegisterMessage { .rebase(state) }

    static let reducer = TagCompositeReducer<Register, RegisterMessage, RegisterAction> {
        RegisterAction.tags.map { RegisterDomain().ruleEntry(for: RegisterMessage.actionCase($0)) }
        On(RegisterMessage.rebaseCase) { state, register in
            state = register
            return []
        }
    }
}
