import RxChain

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

/// Builds compact JSON text byte by byte.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(160) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A JSON string: escapes `"`, `\` and control characters only (not `/`, not non-ASCII).
    mutating func string(_ value: String) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A finite number in its shortest round-tripping form; integers below 2^53 without `.0`.
    mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON has no non-finite numbers")
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
            if value == 0, value.sign == .minus { bytes.insert(UInt8(ascii: "-"), at: bytes.count - 1) }
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }
}
