import Foundation
import RxChainTesting

/// Random playbook lines for property tests: valid ones in many spellings, and mutations.
struct LineGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// A JSON string literal for `text`, escaping some characters as `\uXXXX` at random.
    mutating func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let escape = chance(15)
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || escape:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - hex.count)
                        + (chance(50) ? hex : hex.uppercased())
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    mutating func name() -> String {
        pick([
            "Food", "Rent", "caf\u{e9}", "A/B", "x\"y", "\u{1F600}", "", "Tab\there", "\u{0}", "Fun",
            "back\\slash",
        ])
    }

    func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    mutating func timestamp() -> String {
        let year = int(0...9999)
        let month = int(1...12)
        let day = int(1...28)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(int(0...23), 2) + ":"
        text += pad(int(0...59), 2) + ":" + pad(int(0...60), 2)
        if chance(50) { text += "." + (0..<int(1...9)).map { _ in String(int(0...9)) }.joined() }
        text += chance(50) ? "Z" : pick(["+", "-"]) + pad(int(0...23), 2) + ":" + pad(int(0...59), 2)
        return text
    }

    mutating func charge() -> String {
        switch int(0...5) {
        case 0: String(int(-100_000...100_000))
        case 1: String(Double(int(-10_000_000...10_000_000)) / 100)
        case 2: "\(int(1...9)).\(int(0...99))e\(pick(["", "+", "-"]))\(int(0...30))"
        case 3: pick(["0", "-0", "0.0", "1E2", "-0.5e-3", "1e308", "123456789012345"])
        case 4: pick(["\"12\"", "true", "null", "[]", "1e400"])
        default: String(int(0...999)) + "." + String(int(0...99))
        }
    }

    /// A random JSON value for unknown fields (nesting up to `depth`).
    mutating func anyValue(depth: Int) -> String {
        switch depth > 0 ? int(0...6) : int(0...3) {
        case 0: return quoted(name())
        case 1: return charge().replacingOccurrences(of: "1e400", with: "1")
        case 2: return pick(["true", "false", "null"])
        case 3: return "\"\(timestamp())\""
        case 4:
            return "[" + (0..<int(0...3)).map { _ in anyValue(depth: depth - 1) }.joined(separator: ",") + "]"
        default:
            return "{"
                + (0..<int(0...3)).map { _ in
                    quoted(pick(["k", "type", "id", "z"])) + ":" + anyValue(depth: depth - 1)
                }
                .joined(separator: ",") + "}"
        }
    }

    mutating func space() -> String { chance(80) ? "" : pick([" ", "\t", "  ", " \r "]) }

    mutating func object(_ members: [(String, String)]) -> String {
        var members = members
        if chance(40) { members.append((pick(["extra", "v", "meta"]), anyValue(depth: 3))) }
        members.shuffle(using: &random)
        return "{" + space()
            + members.map { quoted($0.0) + space() + ":" + space() + $0.1 }.joined(
                separator: space() + "," + space())
            + space() + "}"
    }

    /// A line that is usually valid, in one of many spellings.
    mutating func line() -> String {
        var members: [(String, String)] = []
        switch int(0...4) {
        case 0:
            var payload: [(String, String)] = [
                ("id", quoted(pick(["t-1", "t-2", "id\u{e9}", "x"]))), ("charge", charge()),
            ]
            payload.append(("modifiedAt", quoted(timestamp())))
            if chance(50) { payload.append(("category", chance(10) ? "null" : quoted(name()))) }
            if chance(50) {
                payload.append(("type", quoted(pick(["CASH", "CREDIT", "TRANSFER", "CASH", "cash"]))))
            }
            if chance(40) { payload.append(("description", quoted(name()))) }
            if chance(20) { payload.append(("deletedAt", chance(30) ? "null" : quoted(timestamp()))) }
            members = [("type", quoted("transactions/put")), ("payload", object(payload))]
        case 1:
            members = [
                ("type", quoted("transactions/delete")),
                ("payload", object([("id", quoted("t-1")), ("deletedAt", quoted(timestamp()))])),
            ]
        case 2: members = [("type", quoted("categories/new")), ("payload", quoted(name()))]
        case 3:
            members = [
                ("type", quoted("categories/rename")),
                ("payload", object([("from", quoted(name())), ("to", quoted(name()))])),
            ]
        default: members = [("type", quoted("categories/delete")), ("payload", quoted(name()))]
        }
        if chance(50) {
            members.append(
                ("actionId", quoted(pick(["phone", "laptop:2", "x"]) + ":" + String(int(0...1000)))))
        }
        return space() + object(members) + space()
    }

    /// `line` broken in one of several ways (or left alone).
    mutating func mutate(_ line: [UInt8]) -> [UInt8] {
        var bytes = line
        guard !bytes.isEmpty else { return bytes }
        switch int(0...7) {
        case 0: bytes = Array(bytes.prefix(int(0...bytes.count - 1)))
        case 1: bytes[int(0...bytes.count - 1)] = UInt8(int(0...255))
        case 2:
            let garbage = pick([
                "}", "{", ",", "\"", "\\", "\\u", "\\ud83d", "[", "]", ":", "nul", "1e999", "\u{FFFD}", "x",
            ])
            bytes.insert(contentsOf: Array(garbage.utf8), at: int(0...bytes.count))
        case 3: bytes.remove(at: int(0...bytes.count - 1))
        case 4:
            let depth = pick([2, 100, 510, 511, 512, 600])
            let nested = Array(
                ("\"deep\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                    + ",").utf8)
            if let brace = bytes.firstIndex(of: UInt8(ascii: "{")) {
                bytes.insert(contentsOf: nested, at: brace + 1)
            }
        case 5: bytes[int(0...bytes.count - 1)] = pick([0x80, 0xC0, 0xED, 0xF4, 0xFF, 0x00, 0x0A, 0x7F])
        default: break
        }
        return bytes
    }
}
