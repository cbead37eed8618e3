/// One route a server answers: a method and a path template, as the OpenAPI document writes it
/// (`/logs/{log}`, `/api/v9/workspaces/{workspace_id}/time_entries/{id}`).
///
/// A `{name}` segment matches one path segment; the last segment may be `{name+}`, which matches
/// one or more (a log name has several). The server's request log and metrics label a request
/// with its route's template, never its raw path, so a label takes few values and holds no ids.
public struct ServerRoute: Hashable, Sendable, CustomStringConvertible {
    /// The method, upper case.
    public let method: String
    /// The path template.
    public let template: String

    /// A route.
    public init(_ method: String, _ template: String) {
        self.method = method
        self.template = template
    }

    public var description: String { "\(method) \(template)" }

    /// Whether `path` (without its query) fits the template, whatever the method.
    public func matches(path: String) -> Bool {
        let pattern = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var index = segments.startIndex
        for (position, part) in pattern.enumerated() {
            let isLast = position == pattern.count - 1
            if part.hasPrefix("{") && part.hasSuffix("+}") && isLast {
                return index < segments.endIndex && segments[index...].allSatisfy { !$0.isEmpty }
            }
            guard index < segments.endIndex else { return false }
            let segment = segments[index]
            if part.hasPrefix("{") && part.hasSuffix("}") {
                if segment.isEmpty { return false }
            } else if part != segment {
                return false
            }
            index += 1
        }
        return index == segments.endIndex
    }
}

extension [ServerRoute] {
    /// The template of the first route whose template fits `path` and whose method is `method`;
    /// else that of the first whose template fits (a 405); else `nil`.
    public func template(method: String, path: String) -> String? {
        let fitting = filter { $0.matches(path: path) }
        return (fitting.first { $0.method == method } ?? fitting.first)?.template
    }
}
