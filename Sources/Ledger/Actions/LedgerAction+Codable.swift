import RxChainCore
import RxChainJSON

extension LedgerAction {
    private enum LineKeys: String, CodingKey {
        case type, payload
    }

    private enum DeleteKeys: String, CodingKey {
        case id, deletedAt
    }

    private enum RenameKeys: String, CodingKey {
        case from, to
    }

    /// Encodes the action as its playbook line's object, `{"type":…,"payload":…}`, without
    /// `actionId` (absent optional fields omitted, timestamps as written).
    ///
    /// This is the body the `SyncManager` queues for the action; decoding it gives the
    /// action back, equal to the original.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LineKeys.self)
        try container.encode(tag, forKey: .type)
        switch self {
        case .putTransaction(let put):
            try container.encode(put, forKey: .payload)
        case .deleteTransaction(let id, let deletedAt):
            var payload = container.nestedContainer(keyedBy: DeleteKeys.self, forKey: .payload)
            try payload.encode(id, forKey: .id)
            try payload.encode(deletedAt, forKey: .deletedAt)
        case .newCategory(let name), .deleteCategory(let name):
            try container.encode(name, forKey: .payload)
        case .renameCategory(let from, let to):
            var payload = container.nestedContainer(keyedBy: RenameKeys.self, forKey: .payload)
            try payload.encode(from, forKey: .from)
            try payload.encode(to, forKey: .to)
        }
    }

    /// Decodes `{"type":…,"payload":…}` (other keys ignored), checking what ``ActionParser``
    /// checks: a known type, required fields present, a non-empty id, a finite charge.
    ///
    /// - Throws: `DecodingError` whose context names the offending field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: LineKeys.self)
        let type = try container.decode(MessageTag.self, forKey: .type)
        switch type {
        case Self.putTag:
            let put = try container.decode(TransactionPut.self, forKey: .payload)
            do {
                self = .putTransaction(
                    try TransactionPut(
                        id: put.id, charge: put.charge, category: put.category, type: put.type,
                        description: put.description, modifiedAt: put.modifiedAt, deletedAt: put.deletedAt))
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .payload, in: container, debugDescription: error.description)
            }
        case Self.deleteTag:
            let payload = try container.nestedContainer(keyedBy: DeleteKeys.self, forKey: .payload)
            let id = try payload.decode(String.self, forKey: .id)
            guard !id.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .id, in: payload, debugDescription: "payload.id: must not be empty")
            }
            self = .deleteTransaction(id: id, deletedAt: try payload.decode(Timestamp.self, forKey: .deletedAt))
        case Self.newCategoryTag:
            self = .newCategory(try container.decode(String.self, forKey: .payload))
        case Self.renameCategoryTag:
            let payload = try container.nestedContainer(keyedBy: RenameKeys.self, forKey: .payload)
            self = .renameCategory(
                from: try payload.decode(String.self, forKey: .from), to: try payload.decode(String.self, forKey: .to))
        case Self.deleteCategoryTag:
            self = .deleteCategory(try container.decode(String.self, forKey: .payload))
        default:
            let known = Self.tags.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "\"\(type)\" is not a ledger action (\(known))")
        }
    }
}
