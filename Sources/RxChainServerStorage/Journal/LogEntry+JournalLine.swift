import Foundation
import RxChainJSON
import RxChainSystem

extension LogEntry {
    /// Appends this entry's journal line, newline included, to `buffer`.
    ///
    /// The line is the queue log's framing (``ChecksummedLine``: a CRC-32 over the JSON) around
    /// one JSON object holding everything the entry is:
    ///
    /// ```
    /// b1b8d786 {"log":"users/alice/actions","seq":1,"ts":1764230400000000,"id":"a1","creator":"alice","body":"{\"done\":true}"}
    /// ```
    ///
    /// The body is a JSON string when it is valid UTF-8 (escaped, so it never holds a raw line
    /// break), else `"body64"` in base64; either way it reads back byte for byte.
    ///
    /// Every entry of an append's batch but the last carries `"more":true`: recovery restores a
    /// batch only once it reads its last line, so a crash in the middle of a commit's write
    /// never brings back part of a batch (the append was never answered; it is retried whole).
    func encodeJournalLine(into buffer: inout [UInt8], continuesBatch: Bool = false) {
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
        if continuesBatch { buffer.append(contentsOf: #","more":true"#.utf8) }
        buffer.append(UInt8(ascii: "}"))
        ChecksummedLine.finish(in: &buffer, from: start)
    }

    /// Decodes one journal line (without its newline).
    ///
    /// Strict: the JSON must be one object with exactly the fields ``encodeJournalLine(into:)``
    /// writes (in any order), so a line this version does not understand is reported, never
    /// half read. Read with the package's ``JSONScanner`` (no Foundation objects per line).
    ///
    /// - Parameter names: Log names already validated, by their text: recovery reads the same
    ///   few logs over and over, and validating a name costs more than reading the rest.
    /// - Returns: The entry, and whether its append batch goes on after it (`"more":true`).
    /// - Throws: the reason the line is not an entry: a frame that does not check out, JSON that
    ///   does not parse, or a missing, repeated, unknown or malformed field.
    static func decodeJournalLine(
        _ line: ArraySlice<UInt8>, names: inout [String: LogName]
    ) throws(ChecksummedLine.Damage) -> (entry: LogEntry, continuesBatch: Bool) {
        let json = try ChecksummedLine.json(of: line)
        let decoded: Result<(entry: LogEntry, continuesBatch: Bool), ChecksummedLine.Damage> = json.withUnsafeBytes {
            buffer in
            do throws(JSONScanner.SyntaxError) {
                var scanner = JSONScanner(buffer)
                guard scanner.peek() == UInt8(ascii: "{") else { return .failure(Damage(reason: "not a JSON object")) }
                var fields = JournalLineFields()
                var more = try scanner.enterObject(depth: 1)
                while more {
                    let key = try scanner.key()
                    let value = try scanner.scanValue(depth: 1)
                    if let problem = fields.collect(key: scanner.content(key), value: value, from: scanner) {
                        return .failure(Damage(reason: problem))
                    }
                    more = try scanner.nextMember()
                }
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { return .failure(Damage(reason: "bytes after the JSON object")) }
                return fields.entry(names: &names).map { ($0, fields.continuesBatch) }
            } catch {
                return .failure(Damage(reason: "malformed JSON: \(error.message)"))
            }
        }
        return try decoded.get()
    }

    private typealias Damage = ChecksummedLine.Damage
}

/// The fields of one journal line, collected in one pass over its JSON.
private struct JournalLineFields {
    var log: String?
    var seq: UInt64?
    var ts: UInt64?
    var id: String?
    var creator: String?
    var body: [UInt8]?
    var more: Bool?

    /// Whether the line says its batch goes on (`"more":true`; absent means it ends here).
    var continuesBatch: Bool { more == true }

    /// Takes one member; returns what is wrong with it, or `nil`.
    mutating func collect(key: UnsafeRawBufferPointer, value: JSONScanner.Value, from scanner: JSONScanner) -> String? {
        let name = String(decoding: key, as: UTF8.self)
        func text() -> String? { value.kind == .string ? scanner.string(value) : nil }
        func number() -> UInt64? { value.kind == .number ? Self.unsigned(scanner.content(value)) : nil }
        let ok: Bool
        switch name {
        case "log": (ok, log) = (log == nil, text())
        case "seq": (ok, seq) = (seq == nil, number())
        case "ts": (ok, ts) = (ts == nil, number())
        case "id": (ok, id) = (id == nil, text())
        case "creator": (ok, creator) = (creator == nil, text())
        case "body":
            ok = body == nil
            body =
                value.kind != .string
                ? nil : value.hasEscapes ? scanner.decodedBytes(value) : Array(scanner.content(value))
        case "more":
            ok = more == nil
            more = value.kind == .boolean && scanner.content(value).equals("true") ? true : nil
            if more == nil { return "field \"more\" is not true" }
        case "body64":
            ok = body == nil
            body = text().flatMap { Data(base64Encoded: $0) }.map(Array.init)
        default:
            return "unknown field \(String(reflecting: name))"
        }
        guard ok else { return "field \(String(reflecting: name)) appears twice" }
        return nil
    }

    /// The entry, or what is missing or malformed.
    func entry(names: inout [String: LogName]) -> Result<LogEntry, ChecksummedLine.Damage> {
        guard let log, let name = names[log] ?? (try? LogName(validating: log)) else {
            return failure("no valid \"log\" field")
        }
        names[log] = name
        guard let seq, seq > 0 else { return failure("no \"seq\" field that is an integer above 0") }
        guard let ts else { return failure("no \"ts\" field that is an unsigned integer") }
        guard let id, !id.isEmpty else { return failure("no \"id\" field that is a non-empty string") }
        guard let creator else { return failure("no \"creator\" field that is a string") }
        guard let body else { return failure("no \"body\" string or \"body64\" base64 field") }
        return .success(LogEntry(log: name, id: id, creator: creator, body: body, seq: seq, ts: ts))
    }

    private func failure(_ reason: String) -> Result<LogEntry, ChecksummedLine.Damage> {
        .failure(ChecksummedLine.Damage(reason: reason))
    }

    /// The value of a plain unsigned integer (digits only, no leading zero), or `nil`.
    private static func unsigned(_ digits: UnsafeRawBufferPointer) -> UInt64? {
        guard !digits.isEmpty, digits.count == 1 || digits[0] != UInt8(ascii: "0") else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }
}
