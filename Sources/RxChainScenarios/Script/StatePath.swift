/// A path into a state's JSON form: `transactions.t1.charge`, `categories.0`, `errors`.
///
/// Segments are separated by `.`; a segment that holds a `.` or a space is written in
/// double quotes (`transactions."a.b".charge`). A segment selects an object's member by
/// key, or an array's element by its 0-based index. The empty path (written `.`) is the
/// whole value.
package struct StatePath: Sendable, Hashable, CustomStringConvertible {
    /// The keys and indices, in order.
    package var segments: [String]

    package init(_ segments: [String]) {
        self.segments = segments
    }

    /// Parses the written form.
    ///
    /// - Throws: a message naming what is wrong (an empty segment, an unclosed quote).
    package init(parsing text: String) throws(ScenarioSyntaxError) {
        if text == "." {
            self.init([])
            return
        }
        var segments: [String] = []
        var current = ""
        var quoted = false
        var wasQuoted = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == "\"", current.isEmpty {
                quoted = true
                wasQuoted = true
            } else if character == "." {
                guard !current.isEmpty || wasQuoted else {
                    throw ScenarioSyntaxError("the path '\(text)' has an empty segment")
                }
                segments.append(current)
                current = ""
                wasQuoted = false
            } else {
                current.append(character)
            }
        }
        guard !quoted else { throw ScenarioSyntaxError("the path '\(text)' has an unclosed quote") }
        guard !current.isEmpty || wasQuoted else {
            throw ScenarioSyntaxError("the path '\(text)' has an empty segment")
        }
        segments.append(current)
        self.init(segments)
    }

    /// The value at this path in `root`, or `nil` when a member or element is missing.
    package func value(in root: ScenarioValue) -> ScenarioValue? {
        var value = root
        for segment in segments {
            switch value {
            case .object(let members):
                guard let member = members[segment] else { return nil }
                value = member
            case .array(let items):
                guard let index = Int(segment), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    /// This path followed by `segment`.
    package func appending(_ segment: String) -> StatePath {
        StatePath(segments + [segment])
    }

    /// The written form (segments holding `.`, spaces or quotes are quoted).
    package var description: String {
        guard !segments.isEmpty else { return "." }
        return segments.map { segment in
            segment.isEmpty || segment.contains(where: { $0 == "." || $0 == " " || $0 == "\"" })
                ? "\"\(segment)\"" : segment
        }
        .joined(separator: ".")
    }
}
