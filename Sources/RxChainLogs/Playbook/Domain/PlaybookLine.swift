import Foundation
import RxChainJSON

/// The engine's line codec for a domain whose actions are `Codable` as their line: an action
/// encodes to the JSON object `{"type":…,"payload":…}` and decodes back from it (other keys
/// ignored), which is also the form the `SyncManager` queues it in. Such a domain, with
/// ``PlaybookLineError`` as its ``PlaybookDomain/LineError``, gets
/// ``PlaybookDomain/readLine(_:)`` and ``PlaybookDomain/lineBytes(for:actionId:)`` from here.
///
/// - Reading decodes the action, and the line's `"actionId":"<deviceId>:<seq>"` when present.
///   A line that is not strict JSON, not an object, or not an action is an error naming the field
///   (`payload.key: expected String`), `actionId` when the id is malformed, `line` when the
///   whole line is at fault.
/// - Writing is the action's object with sorted keys (and `actionId` among them): the same
///   bytes for the same action every time, so the engine recognises its own lines by their
///   digest. Reading those bytes gives the action back.
///
/// ```swift
/// enum Toggle: SyncRequest { … }  // Codable as {"type":"lamp/toggle","payload":{"id":…}}
/// PlaybookLine<Toggle>.bytes(for: .toggle(id: "hall"), actionId: ActionID(deviceID: "phone", seq: 1))
/// // {"actionId":"phone:1","payload":{"id":"hall"},"type":"lamp/toggle"}
/// ```
///
/// JSON through Foundation is slower than a hand-written scanner (the ledger has one): fine
/// for small playbooks, measure before using it for large ones.
public struct PlaybookLine<Action: Codable & Sendable>: Codable, Sendable {
    /// The action the line holds.
    public var action: Action
    /// The line's `actionId`, when it carries one.
    public var actionId: ActionID?

    private enum Keys: String, CodingKey {
        case actionId
    }

    /// Creates a line.
    public init(action: Action, actionId: ActionID? = nil) {
        self.action = action
        self.actionId = actionId
    }

    /// Decodes the action from the line's object, and its `actionId` (a `"<deviceId>:<seq>"` string).
    public init(from decoder: any Decoder) throws {
        action = try Action(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        guard let text = try container.decodeIfPresent(String.self, forKey: .actionId) else { return }
        guard let id = ActionID(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .actionId, in: container, debugDescription: "\"\(text)\" is not <deviceId>:<seq>")
        }
        actionId = id
    }

    /// Encodes the action's object with `actionId` beside `type` and `payload`.
    public func encode(to encoder: any Encoder) throws {
        try action.encode(to: encoder)
        guard let actionId else { return }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(actionId.description, forKey: .actionId)
    }

    /// Reads one line (without its `\n`).
    ///
    /// The line must be strict JSON (RFC 8259, as `JSONScanner` reads it) before it is decoded:
    /// Foundation's decoder also takes a trailing comma, a byte-order mark, and invalid UTF-8 or a
    /// number beyond `Double`'s range in a member it skips, which other readers of the playbook
    /// refuse.
    public static func read(_ line: UnsafeRawBufferPointer) -> Result<PlaybookEntry<Action>, PlaybookLineError> {
        if let problem = JSONScanner.problem(inOneValue: line) {
            return .failure(PlaybookLineError(field: "line", detail: "not valid JSON (\(problem))"))
        }
        do {
            let read = try JSONDecoder().decode(PlaybookLine.self, from: Data(line))
            return .success(PlaybookEntry(action: read.action, actionId: read.actionId))
        } catch let error as DecodingError {
            return .failure(PlaybookLineError(error))
        } catch {
            return .failure(PlaybookLineError(field: "line", detail: "\(error)"))
        }
    }

    /// The line for `action` (without its `\n`), carrying `actionId` when given.
    ///
    /// - Precondition: the action encodes (it did when it was queued: the `SyncManager`
    ///   refuses a request it cannot encode).
    public static func bytes(for action: Action, actionId: ActionID?) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(PlaybookLine(action: action, actionId: actionId)))
        } catch {
            preconditionFailure("PlaybookLine: the action \(action) does not encode: \(error)")
        }
    }
}

extension PlaybookDomain where Action: Codable, LineError == PlaybookLineError {
    /// Reads the line through ``PlaybookLine``: the action's `Codable` form plus `actionId`.
    public func readLine(_ line: UnsafeRawBufferPointer) -> Result<PlaybookEntry<Action>, PlaybookLineError> {
        PlaybookLine<Action>.read(line)
    }

    /// Writes the line through ``PlaybookLine``: the action's `Codable` form with sorted keys.
    public func lineBytes(for action: Action, actionId: ActionID?) -> [UInt8] {
        PlaybookLine<Action>.bytes(for: action, actionId: actionId)
    }
}
