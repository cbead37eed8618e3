import RxChainCore

/// An action of the toy register (one playbook line), `Codable` as its line, as the engine's
/// ``PlaybookLine`` codec reads and writes it:
///
/// | case | line |
/// | --- | --- |
/// | ``set(key:value:)`` | `{"type":"register/set","payload":{"key":…,"value":…}}` |
/// | ``remove(key:)`` | `{"type":"register/remove","payload":{"key":…}}` |
/// | ``clear`` | `{"type":"register/clear","payload":{}}` |
package enum RegisterAction: SyncRequest, Hashable {
    /// Sets the key's value (creating the key).
    case set(key: String, value: String)
    /// Removes the key; ignored when there is no such key.
    case remove(key: String)
    /// Removes every key: the one action that touches the whole register.
    case clear

    package static let setTag: MessageTag = "register/set"
    package static let removeTag: MessageTag = "register/remove"
    package static let clearTag: MessageTag = "register/clear"
    package static let tags = [setTag, removeTag, clearTag]

    package var tag: MessageTag {
        switch self {
        case .set: Self.setTag
        case .remove: Self.removeTag
        case .clear: Self.clearTag
        }
    }

    /// The one key the action touches; `nil` for ``clear``.
    package var key: String? {
        switch self {
        case .set(let key, _), .remove(let key): key
        case .clear: nil
        }
    }

    private enum LineKeys: String, CodingKey { case type, payload }
    private enum PayloadKeys: String, CodingKey { case key, value }

    package init(from decoder: any Decoder) throws {
        let line = try decoder.container(keyedBy: LineKeys.self)
        let type = try line.decode(MessageTag.self, forKey: .type)
        guard type != Self.clearTag else {
            self = .clear
            return
        }
        let payload = try line.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
        switch type {
        case Self.setTag:
            self = .set(
                key: try payload.decode(String.self, forKey: .key),
                value: try payload.decode(String.self, forKey: .value))
        case Self.removeTag:
            self = .remove(key: try payload.decode(String.self, forKey: .key))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: line, debugDescription: "\"\(type)\" is not a register action")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var line = encoder.container(keyedBy: LineKeys.self)
        try line.encode(tag, forKey: .type)
        var payload = line.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
        switch self {
        case .set(let key, let value):
            try payload.encode(key, forKey: .key)
            try payload.encode(value, forKey: .value)
        case .remove(let key):
            try payload.encode(key, forKey: .key)
        case .clear:
            break
        }
    }
}
