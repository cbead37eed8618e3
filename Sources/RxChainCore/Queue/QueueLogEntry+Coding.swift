import Foundation
import RxChainJSON
import RxChainSystem

extension QueueLogEntry {
    /// Appends this entry's line, newline included, to `buffer`.
    package func encode(into buffer: inout [UInt8]) {
        let start = ChecksummedLine.begin(in: &buffer)
        switch self {
        case .header(let version, let nextSeq, let deviceID):
            buffer.append(contentsOf: #"{"kind":"header","version":"#.utf8)
            buffer.append(contentsOf: String(version).utf8)
            buffer.append(contentsOf: #","next_seq":"#.utf8)
            buffer.append(contentsOf: String(nextSeq).utf8)
            if let deviceID {
                buffer.append(contentsOf: #","device":"#.utf8)
                JSONWriter.appendString(deviceID, to: &buffer)
            }
        case .enqueue(let record):
            buffer.append(contentsOf: #"{"kind":"enqueue","seq":"#.utf8)
            buffer.append(contentsOf: String(record.seq).utf8)
            buffer.append(contentsOf: #","key":"#.utf8)
            JSONWriter.appendString(record.key, to: &buffer)
            buffer.append(contentsOf: #","tag":"#.utf8)
            JSONWriter.appendString(record.tag, to: &buffer)
            buffer.append(contentsOf: Self.payloadMarker)
            buffer.append(contentsOf: record.payload)
        case .ack(let range) where range.count == 1:
            buffer.append(contentsOf: #"{"kind":"ack","seq":"#.utf8)
            buffer.append(contentsOf: String(range.lowerBound).utf8)
        case .ack(let range):
            buffer.append(contentsOf: #"{"kind":"ack","from":"#.utf8)
            buffer.append(contentsOf: String(range.lowerBound).utf8)
            buffer.append(contentsOf: #","through":"#.utf8)
            buffer.append(contentsOf: String(range.upperBound).utf8)
        case .dead(let seq, let reason):
            buffer.append(contentsOf: #"{"kind":"dead","seq":"#.utf8)
            buffer.append(contentsOf: String(seq).utf8)
            buffer.append(contentsOf: #","reason":"#.utf8)
            JSONWriter.appendString(reason, to: &buffer)
        case .retry(let seq):
            buffer.append(contentsOf: #"{"kind":"retry","seq":"#.utf8)
            buffer.append(contentsOf: String(seq).utf8)
        case .device(let id, let keeping):
            buffer.append(contentsOf: #"{"kind":"device","id":"#.utf8)
            JSONWriter.appendString(id, to: &buffer)
            if !keeping.isEmpty {
                buffer.append(contentsOf: #","keep":["#.utf8)
                buffer.append(contentsOf: keeping.sorted().map(String.init).joined(separator: ",").utf8)
                buffer.append(UInt8(ascii: "]"))
            }
        }
        buffer.append(UInt8(ascii: "}"))
        ChecksummedLine.finish(in: &buffer, from: start)
    }

    /// Decodes one line (without its newline).
    static func decode(_ line: some Collection<UInt8>) throws(QueueLineDefect) -> QueueLogEntry {
        let json: ArraySlice<UInt8>
        do throws(ChecksummedLine.Damage) {
            json = try ChecksummedLine.json(of: ArraySlice(line))
        } catch {
            throw .damaged(error.reason)
        }
        let parsed = try? JSONSerialization.jsonObject(with: Data(json), options: [])
        guard let object = parsed as? [String: Any] else { throw .damaged("not a JSON object") }
        guard let kind = object["kind"] as? String else { throw .invalid("no \"kind\" field") }
        switch kind {
        case "header":
            guard let version = object["version"] as? Int else { throw .invalid("header without version") }
            let deviceID = object["device"] as? String
            guard object["device"] == nil || deviceID.map(isDeviceID) == true else {
                throw .invalid("header with a device id that is not a non-empty one-line string")
            }
            return .header(version: version, nextSeq: try unsigned(object, "next_seq"), deviceID: deviceID)
        case "enqueue":
            guard let key = object["key"] as? String, let tag = object["tag"] as? String,
                object["payload"] != nil, let payload = rawPayload(Array(json)),
                (try? JSONSerialization.jsonObject(with: payload, options: .fragmentsAllowed)) != nil
            else { throw .invalid("enqueue record without key, tag or a payload as its last field") }
            return .enqueue(
                QueueRecord(seq: try unsigned(object, "seq"), key: key, tag: tag, payload: payload))
        case "ack":
            if object["seq"] != nil {
                let seq = try unsigned(object, "seq")
                return .ack(seq...seq)
            }
            let from = try unsigned(object, "from")
            let through = try unsigned(object, "through")
            guard from <= through else { throw .invalid("ack range \(from)...\(through) is empty") }
            return .ack(from...through)
        case "dead":
            guard let reason = object["reason"] as? String else {
                throw .invalid("dead record without reason")
            }
            return .dead(seq: try unsigned(object, "seq"), reason: reason)
        case "retry":
            return .retry(seq: try unsigned(object, "seq"))
        case "device":
            guard let id = object["id"] as? String, isDeviceID(id) else {
                throw .invalid("device record without a non-empty one-line \"id\"")
            }
            let kept = (object["keep"] as? [Any]) ?? []
            let keeping = kept.compactMap { ($0 as? NSNumber).flatMap { UInt64(exactly: $0.doubleValue) } }
            guard object["keep"] == nil || (object["keep"] is [Any] && keeping.count == kept.count) else {
                throw .invalid("device record whose \"keep\" is not a list of sequence numbers")
            }
            return .device(id: id, keeping: Set(keeping))
        default:
            throw .invalid("unknown record kind \(String(reflecting: kind))")
        }
    }

    /// What a device id may be: non-empty, on one line (it becomes part of every key).
    static func isDeviceID(_ id: String) -> Bool {
        !id.isEmpty && !id.contains(where: \.isNewline)
    }

    private static let payloadMarker = Array(#","payload":"#.utf8)

    private static func unsigned(_ object: [String: Any], _ field: String) throws(QueueLineDefect) -> UInt64 {
        guard let number = object[field] as? NSNumber, let value = UInt64(number.stringValue) else {
            throw .invalid("field \(String(reflecting: field)) is missing or not an unsigned integer")
        }
        return value
    }

    /// The payload's bytes: everything after the first top-level `,"payload":` up to the
    /// closing brace. Fields before the payload are numbers and escaped strings, which
    /// cannot contain `"payload":` with a bare quote, so the first match is the field itself.
    private static func rawPayload(_ json: [UInt8]) -> Data? {
        guard json.last == UInt8(ascii: "}"), json.count > payloadMarker.count else { return nil }
        var index = 0
        while index + payloadMarker.count < json.count {
            if json[index] == payloadMarker[0],
                json[index..<index + payloadMarker.count].elementsEqual(payloadMarker)
            {
                return Data(json[(index + payloadMarker.count)..<(json.count - 1)])
            }
            index += 1
        }
        return nil
    }
}
