/// One line of an action log in its wire form: `{"type": "<tag>", "payload": <json>}`.
///
/// A persisted message is `Codable` through this shape. Lines written by this engine
/// also carry `"actionId": "<deviceId>:<seq>"`; readers ignore fields they do not know.
public struct ActionLine<Payload: Codable & Sendable>: Codable, Sendable {
    /// The message's tag.
    public var type: MessageTag
    /// The message's data.
    public var payload: Payload
    /// The writer's action id (`"<deviceId>:<seq>"`), when written by a synced device.
    public var actionId: String?

    /// Creates a line.
    public init(type: MessageTag, payload: Payload, actionId: String? = nil) {
        self.type = type
        self.payload = payload
        self.actionId = actionId
    }
}

extension ActionLine: Equatable where Payload: Equatable {}
