import RxChain

/// What a register device's store is sent: an action (persisted), or the device's re-base.
enum RegisterMessage: Message {
    case action(RegisterAction)
    case rebase(Register)

    static let rebaseTag: MessageTag = "register/rebase"

    var tag: MessageTag {
        switch self {
        case .action(let action): action.tag
        case .rebase: Self.rebaseTag
        }
    }

    var persistence: Persistence {
        if case .action = self { return .persisted }
        return .local
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
        RegisterAction.tags.map { On($0, reducer: action) }
        On(RegisterMessage.rebaseTag) { state, message in
            guard case .rebase(let register) = message else { return DataSync(state) }
            return DataSync(register)
        }
    }

    /// Applies an action by the rules; its one sync request is the action itself.
    static let action = Reducer<Register, RegisterMessage, RegisterAction> { state, message in
        guard case .action(let action) = message else { return DataSync(state) }
        var next = state
        switch RegisterDomain().apply(action, to: &next) {
        case .applied: return DataSync(next, requests: [action])
        case .ignored(let reason): throw Rejection.ignored(tag: action.tag, reason: reason.description)
        case .invalid(let error): throw Rejection(tag: action.tag, reason: error.detail, field: error.field)
        }
    }
}
