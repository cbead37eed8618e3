import RxChain

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
    static var replicated: WritableKeyPath<Register, Register> { \.self }

    var initialAppState: Register { Register() }

    var reducer: TagCompositeReducer<Register, RegisterMessage, RegisterAction> { Self.reducer }

    func message(for action: RegisterAction) -> RegisterMessage { .action(action) }

    func rebaseMessage(_ state: Register) -> RegisterMessage { .rebase(state) }

    static let reducer = TagCompositeReducer<Register, RegisterMessage, RegisterAction> {
        RegisterAction.tags.map { On(RegisterMessage.actionCase($0), applyByRules) }
        On(RegisterMessage.rebaseCase) { state, register in
            state = register
            return []
        }
    }

    /// Applies an action by the rules; its one sync request is the action itself.
    @Sendable static func applyByRules(_ state: inout Register, _ action: RegisterAction) throws -> [RegisterAction] {
        switch RegisterDomain().apply(action, to: &state) {
        case .applied: return [action]
        case .ignored(let reason): throw Rejection.ignored(tag: action.tag, reason: reason.description)
        case .invalid(let error): throw Rejection(tag: action.tag, reason: error.detail, field: error.field)
        }
    }
}
