import Foundation

/// A playbook line decoded the straightforward way, with `JSONDecoder` and `Codable`: the
/// baseline `rxchain-bench replay` compares the fast reader with.
struct DecodableLine: Decodable {
    struct Put: Decodable {
        let id: String
        let charge: Double
        let category: String?
        let type: String?
        let description: String?
        let modifiedAt: String
        let deletedAt: String?
    }

    struct Delete: Decodable {
        let id: String
        let deletedAt: String
    }

    struct Rename: Decodable {
        let from: String
        let to: String
    }

    enum Payload {
        case put(Put), delete(Delete), name(String), rename(Rename)
    }

    enum CodingKeys: String, CodingKey {
        case type, payload, actionId
    }

    let type: String
    let payload: Payload
    let actionId: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        actionId = try container.decodeIfPresent(String.self, forKey: .actionId)
        switch type {
        case "transactions/put": payload = .put(try container.decode(Put.self, forKey: .payload))
        case "transactions/delete": payload = .delete(try container.decode(Delete.self, forKey: .payload))
        case "categories/rename": payload = .rename(try container.decode(Rename.self, forKey: .payload))
        default: payload = .name(try container.decode(String.self, forKey: .payload))
        }
    }
}
