import Foundation

/// One page of a ListObjectsV2 answer (`GET /<bucket>?list-type=2&prefix=…`): the keys
/// it lists, and the token for the next page when the listing was cut.
///
/// The answer is flat XML (`<ListBucketResult><Contents><Key>…</Key>…</Contents>…`);
/// this reads the few elements it needs by searching for their tags, and decodes XML's
/// character references in keys (the predefined entities and numeric ones). Keys come in the
/// server's order (ascending).
struct S3ListPage: Sendable, Hashable {
    /// The object keys on this page, entities decoded.
    var keys: [String]
    /// `NextContinuationToken` (entities decoded) when `IsTruncated` is `true`; `nil` on the last page.
    var nextContinuationToken: String?

    /// Reads a ListObjectsV2 answer body.
    init(xml body: Data) {
        let bytes = Array(body)
        keys = Self.elements("Key", in: bytes).map(Self.decodeEntities)
        let isTruncated = Self.elements("IsTruncated", in: bytes).first == "true"
        nextContinuationToken =
            isTruncated ? Self.elements("NextContinuationToken", in: bytes).first.map(Self.decodeEntities) : nil
    }

    /// The text of every `<name>…</name>` in `body`, in order, found by their bytes: a search by
    /// characters would miss a key that starts with a combining mark, which joins the tag's `>`
    /// into one character.
    private static func elements(_ name: String, in body: [UInt8]) -> [String] {
        let open = Array("<\(name)>".utf8)
        let close = Array("</\(name)>".utf8)
        var found: [String] = []
        var from = 0
        while let start = find(open, in: body, from: from), let end = find(close, in: body, from: start.upperBound) {
            found.append(String(decoding: body[start.upperBound..<end.lowerBound], as: UTF8.self))
            from = end.upperBound
        }
        return found
    }

    /// Where `pattern` first occurs in `bytes` at or after `start`. (Foundation's `firstRange(of:)`
    /// on bytes compares through `DataProtocol`, slowly.)
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return index..<index + pattern.count
            }
            index += 1
        }
        return nil
    }

    /// `text` with XML's character references decoded: the five predefined entities (`&lt;`
    /// `&gt;` `&quot;` `&apos;` `&amp;`) and numeric ones (`&#39;`, `&#xA;`), which servers
    /// written in Go (MinIO, SeaweedFS) send for quotes and line breaks. One pass, so `&amp;lt;`
    /// stays `&lt;`; anything else after a `&` is kept as written.
    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var decoded = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&",
                let semicolon = scalars[index...].prefix(12).firstIndex(of: ";"),
                let scalar = reference(String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon])))
            else {
                decoded.append(scalars[index])
                index += 1
                continue
            }
            decoded.append(scalar)
            index = semicolon + 1
        }
        return String(decoded)
    }

    /// The character a reference's name (between `&` and `;`) stands for, or `nil`.
    private static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "amp": return "&"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
