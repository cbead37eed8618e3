import Foundation
import RxChain

extension LogEntry {
    /// Appends this entry's journal line, newline included, to `buffer`.
    ///
    /// The line is the queue log's framing (``ChecksummedLine``: a CRC-32 over the JSON) around
    /// one JSON object holding everything the entry is:
    ///
    /// ```
    /// 5c1e0a9e {"log":"users/alice/actions","seq":1,"ts":1764230400000000,"id":"a1","creator":"alice","body":"{\"done\":true}"}
    /// ```
    ///
    /// The body is a JSON string when it is valid UTF-8 (escaped, so it never holds a raw line
    /// break), else `"body64"` in base64; either way it reads back byte for byte.
    func encodeJournalLine(into buffer: inout [UInt8]) {
        let start = ChecksummedLine.begin(in: &buffer)
        buffer.append(contentsOf: #"{"log":"#.utf8)
        JSONWriter.appendString(log.description, to: &buffer)
        buffer.append(contentsOf: #","seq":"#.utf8)
        buffer.append(contentsOf: String(seq).utf8)
        buffer.append(contentsOf: #","ts":"#.utf8)
        buffer.append(contentsOf: String(ts).utf8)
        buffer.append(contentsOf: #","id":"#.utf8)
        JSONWriter.appendString(id, to: &buffer)
        buffer.append(contentsOf: #","creator":"#.utf8)
        JSONWriter.appendString(creator, to: &buffer)
        if let text = String(validating: body, as: UTF8.self) {
            buffer.append(contentsOf: #","body":"#.utf8)
            JSONWriter.appendString(text, to: &buffer)
        } else {
            buffer.append(contentsOf: #","body64":""#.utf8)
            buffer.append(contentsOf: Data(body).base64EncodedString().utf8)
            buffer.append(UInt8(ascii: "\""))
        }
        buffer.append(UInt8(ascii: "}"))
        ChecksummedLine.finish(in: &buffer, from: start)
    }

    /// Decodes one journal line (without its newline).
    ///
    /// - Throws: the reason the line is not an entry: a frame that does not check out, JSON that
    ///   does not parse, or a missing or malformed field.
    static func decodeJournalLine(_ line: ArraySlice<UInt8>) throws(ChecksummedLine.Damage) -> LogEntry {
        let json = try ChecksummedLine.json(of: line)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] else {
            throw ChecksummedLine.Damage(reason: "not a JSON object")
        }
        guard let logText = object["log"] as? String, let log = try? LogName(validating: logText) else {
            throw ChecksummedLine.Damage(reason: "no valid \"log\" field")
        }
        guard let id = object["id"] as? String, !id.isEmpty, let creator = object["creator"] as? String else {
            throw ChecksummedLine.Damage(reason: "no \"id\" or \"creator\" field")
        }
        let body: [UInt8]
        if let text = object["body"] as? String {
            body = Array(text.utf8)
        } else if let encoded = object["body64"] as? String, let data = Data(base64Encoded: encoded) {
            body = Array(data)
        } else {
            throw ChecksummedLine.Damage(reason: "no \"body\" or \"body64\" field")
        }
        return LogEntry(
            log: log, id: id, creator: creator, body: body, seq: try unsigned(object, "seq"),
            ts: try unsigned(object, "ts"))
    }

    private static func unsigned(_ object: [String: Any], _ field: String) throws(ChecksummedLine.Damage) -> UInt64 {
        guard let number = object[field] as? NSNumber, let value = UInt64(number.stringValue) else {
            throw ChecksummedLine.Damage(
                reason: "field \(String(reflecting: field)) is missing or not an unsigned integer")
        }
        return value
    }
}
