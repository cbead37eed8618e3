import Foundation

/// One page of a ListObjectsV2 answer (`GET /<bucket>?list-type=2&prefix=…`): the keys
/// it lists, and the token for the next page when the listing was cut.
///
/// The answer is flat XML (`<ListBucketResult><Contents><Key>…</Key>…</Contents>…`);
/// this reads the few elements it needs by searching for their tags, and decodes the
/// five predefined XML entities in keys. Keys come in the server's order (ascending).
struct S3ListPage: Sendable, Hashable {
    /// The object keys on this page, entities decoded.
    var keys: [String]
    /// `NextContinuationToken` when `IsTruncated` is `true`; `nil` on the last page.
    var nextContinuationToken: String?

    /// Reads a ListObjectsV2 answer body.
    init(xml body: Data) {
        let text = String(decoding: body, as: UTF8.self)
        keys = Self.elements("Key", in: text).map(Self.decodeEntities)
        let isTruncated = Self.elements("IsTruncated", in: text).first == "true"
        nextContinuationToken = isTruncated ? Self.elements("NextContinuationToken", in: text).first : nil
    }

    /// The text of every `<name>…</name>` in `text`, in order.
    private static func elements(_ name: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = text.startIndex..<text.endIndex
        while let open = text.range(of: "<\(name)>", range: rest),
            let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
        {
            found.append(String(text[open.upperBound..<close.lowerBound]))
            rest = close.upperBound..<text.endIndex
        }
        return found
    }

    /// `&lt;` `&gt;` `&quot;` `&apos;` and `&amp;` (last, so `&amp;lt;` stays `&lt;`) as characters.
    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return
            text
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
