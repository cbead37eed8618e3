import RxChainCore

extension TimeTrackingAction: SyncRequest {
    private enum LineKeys: String, CodingKey {
        case type, payload
    }

    private enum StopKeys: String, CodingKey {
        case id, at
    }

    private enum ContinueKeys: String, CodingKey {
        case id, newId, at
    }

    private enum RemoveKeys: String, CodingKey {
        case ids, at
    }

    /// Encodes the action as its line's object, `{"type":…,"payload":…}` (times as written).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LineKeys.self)
        try container.encode(tag, forKey: .type)
        switch self {
        case .start(let start):
            try container.encode(start, forKey: .payload)
        case .stop(let id, let at):
            var payload = container.nestedContainer(keyedBy: StopKeys.self, forKey: .payload)
            try payload.encode(id, forKey: .id)
            try payload.encode(at, forKey: .at)
        case .continueEntry(let id, let newId, let at):
            var payload = container.nestedContainer(keyedBy: ContinueKeys.self, forKey: .payload)
            try payload.encode(id, forKey: .id)
            try payload.encode(newId, forKey: .newId)
            try payload.encode(at, forKey: .at)
        case .put(let put):
            try container.encode(put, forKey: .payload)
        case .remove(let ids, let at):
            var payload = container.nestedContainer(keyedBy: RemoveKeys.self, forKey: .payload)
            try payload.encode(ids, forKey: .ids)
            try payload.encode(at, forKey: .at)
        case .ack(let ack):
            try container.encode(ack, forKey: .payload)
        case .reject(let reject):
            try container.encode(reject, forKey: .payload)
        case .serverChanges(let changes):
            try container.encode(changes, forKey: .payload)
        }
    }

    /// Decodes `{"type":…,"payload":…}` (other keys ignored).
    ///
    /// - Throws: `DecodingError` whose path names the field at fault: `type` for a type that
    ///   is not the time tracker's, `payload.at` for a bad time, `payload.id` for a missing id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: LineKeys.self)
        let type = try container.decode(MessageTag.self, forKey: .type)
        switch type {
        case Self.startTag:
            self = .start(try container.decode(EntryStart.self, forKey: .payload))
        case Self.stopTag:
            let payload = try container.nestedContainer(keyedBy: StopKeys.self, forKey: .payload)
            self = .stop(id: try payload.decode(String.self, forKey: .id), at: try payload.decodeEntryTime(forKey: .at))
        case Self.continueTag:
            let payload = try container.nestedContainer(keyedBy: ContinueKeys.self, forKey: .payload)
            self = .continueEntry(
                id: try payload.decode(String.self, forKey: .id),
                newId: try payload.decode(String.self, forKey: .newId),
                at: try payload.decodeEntryTime(forKey: .at))
        case Self.putTag:
            self = .put(try container.decode(EntryPut.self, forKey: .payload))
        case Self.removeTag:
            let payload = try container.nestedContainer(keyedBy: RemoveKeys.self, forKey: .payload)
            self = .remove(
                ids: try payload.decode([String].self, forKey: .ids), at: try payload.decodeEntryTime(forKey: .at))
        case Self.ackTag:
            self = .ack(try container.decode(SyncAck.self, forKey: .payload))
        case Self.rejectTag:
            self = .reject(try container.decode(SyncReject.self, forKey: .payload))
        case Self.serverChangesTag:
            self = .serverChanges(try container.decode(ServerChanges.self, forKey: .payload))
        default:
            let known = Self.tags.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "\"\(type)\" is not a time tracking message (\(known))")
        }
    }
}
