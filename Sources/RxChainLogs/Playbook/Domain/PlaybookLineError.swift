import RxChainJSON

/// Why a playbook line (or a queue record) is not an action, naming the field: the error of
/// the engine's own line reading (``PlaybookLine``), and a ready-made ``PlaybookDomain/LineError``
/// for domains that need nothing more.
public struct PlaybookLineError: FieldError {
    /// The field at fault, as a path (`type`, `payload.key`, `actionId`, or `line` for the whole line).
    public var field: String
    /// What is wrong with it.
    public var detail: String

    /// Creates an error.
    public init(field: String, detail: String) {
        self.field = field
        self.detail = detail
    }
}
