import Foundation
import RxChainJSON

/// A JSON value: what expectations compare and what traces print.
///
/// States are turned into values through their `Codable` form (``init(encoding:)``), so a
/// path in a script names exactly the keys a domain's `--json` output prints.
public enum ScenarioValue: Sendable, Hashable, Decodable {
    /// JSON `null` (also what a path that leads nowhere reads as).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; integers and decimals alike, compared as `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([ScenarioValue])
    /// An object; key order does not matter.
    case object([String: ScenarioValue])

    /// The value of `value`'s JSON encoding (dates in RFC 3339).
    public init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        self = try JSONDecoder().decode(ScenarioValue.self, from: encoder.encode(value))
    }

    /// Parses JSON text (`12.5`, `"food"`, `["a","b"]`, `null`).
    public init(parsingJSON text: String) throws {
        self = try JSONDecoder().decode(ScenarioValue.self, from: Data(text.utf8))
    }

    /// The number of entries of an array or object, or of characters of a string; `nil` otherwise.
    public var count: Int? {
        switch self {
        case .array(let items): items.count
        case .object(let members): members.count
        case .string(let text): text.count
        default: nil
        }
    }

    /// Compact JSON with sorted keys: `{"charge":12.5,"id":"t1"}`, `12.5`, `"food"`.
    public var json: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .string(let text):
            return JSONWriter.quoted(text)
        case .array(let items):
            return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            let body = members.keys.sorted().map { key in
                JSONWriter.quoted(key) + ":" + members[key]!.json
            }
            return "{" + body.joined(separator: ",") + "}"
        }
    }
}

extension ScenarioValue {
    /// Decodes any JSON value (booleans stay booleans: `JSONDecoder` never reads `1` as `true`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ScenarioValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ScenarioValue].self))
        }
    }
}
