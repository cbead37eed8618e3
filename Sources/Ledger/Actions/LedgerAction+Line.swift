import RxChainJSON
import RxChainLogs

extension LedgerAction {
    /// The action's playbook line without an `actionId` (no trailing newline).
    public var line: String { encodeLine(actionId: nil) }

    /// The action's playbook line: compact JSON, keys in the documented order, `"actionId"`
    /// last when given, timestamps as written, `/` unescaped, charges printed so they
    /// round-trip (`12.5`, `12`, `0.1`). No trailing newline.
    ///
    /// ```swift
    /// LedgerAction.newCategory("Food").encodeLine(actionId: ActionID(deviceID: "phone", seq: 7))
    /// // {"type":"categories/new","payload":"Food","actionId":"phone:7"}
    /// ```
    public func encodeLine(actionId: ActionID?) -> String {
        var writer = JSONWriter()
        writer.raw("{\"type\":")
        writer.string(tag.rawValue)
        writer.raw(",\"payload\":")
        switch self {
        case .putTransaction(let put):
            writer.raw("{\"id\":")
            writer.string(put.id)
            writer.raw(",\"charge\":")
            writer.number(put.charge)
            if let category = put.category {
                writer.raw(",\"category\":")
                writer.string(category)
            }
            if let type = put.type {
                writer.raw(",\"type\":")
                writer.string(type.rawValue)
            }
            if let description = put.description {
                writer.raw(",\"description\":")
                writer.string(description)
            }
            writer.raw(",\"modifiedAt\":")
            writer.string(put.modifiedAt.description)
            if let deletedAt = put.deletedAt {
                writer.raw(",\"deletedAt\":")
                writer.string(deletedAt.description)
            }
            writer.raw("}")
        case .deleteTransaction(let id, let deletedAt):
            writer.raw("{\"id\":")
            writer.string(id)
            writer.raw(",\"deletedAt\":")
            writer.string(deletedAt.description)
            writer.raw("}")
        case .newCategory(let name), .deleteCategory(let name):
            writer.string(name)
        case .renameCategory(let from, let to):
            writer.raw("{\"from\":")
            writer.string(from)
            writer.raw(",\"to\":")
            writer.string(to)
            writer.raw("}")
        }
        if let actionId {
            writer.raw(",\"actionId\":")
            writer.string(actionId.description)
        }
        writer.raw("}")
        return writer.text
    }
}
