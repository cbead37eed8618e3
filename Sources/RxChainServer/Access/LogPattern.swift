import RxChainServerStorage

/// A pattern over the segments of a `LogName`, such as `users/{uid}/**`,
/// `requests/{from}/to/{to}` or `lists/{list}/**`, that access rules are keyed by.
///
/// A pattern is segments separated by `/`, each one of:
/// - a **literal** (`users`, `to`): matches exactly that segment (case-sensitive, like log names);
/// - a **capture** `{name}`: matches any one segment and records it under `name` (letters, digits
///   and `_`; each name once per pattern);
/// - `**`, only as the last segment: matches **one or more** remaining segments (so
///   `users/{uid}/**` matches `users/alice/actions` but not `users/alice`).
///
/// Logs under the reserved prefix `server/` (the server's own state, see
/// `LogName.isReserved`) never match any pattern, whatever it says, and a pattern may not start
/// with the literal `server`.
///
/// ```swift
/// let pattern = try LogPattern(validating: "requests/{from}/to/{to}")
/// let captures = pattern.match(try LogName(validating: "requests/alice/to/bob"))
/// captures?["from"]  // "alice"
/// ```
public struct LogPattern: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One segment of a pattern.
    public enum Segment: Hashable, Sendable {
        /// Matches exactly this segment.
        case literal(String)
        /// Matches any one segment, recorded under this name.
        case capture(String)
        /// Matches one or more remaining segments; only ever last.
        case remainder
    }

    /// The pattern's segments, in order; never empty.
    public let segments: [Segment]

    /// The pattern as written.
    public var description: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .capture(let name): "{\(name)}"
            case .remainder: "**"
            }
        }.joined(separator: "/")
    }

    /// Parses and checks a pattern.
    ///
    /// - Throws: ``LogPatternError`` naming the first problem: emptiness, then each segment in
    ///   order (a bad literal, a bad or repeated capture name, `**` before the end, a leading
    ///   `server`).
    public init(validating text: String) throws(LogPatternError) {
        if text.isEmpty { throw .empty }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var segments: [Segment] = []
        var names: Set<String> = []
        for (index, part) in parts.enumerated() {
            let segment = try Self.segment(part, at: index, isLast: index == parts.count - 1)
            if case .capture(let name) = segment, !names.insert(name).inserted {
                throw .repeatedCapture(name)
            }
            segments.append(segment)
        }
        if case .literal(LogName.reservedPrefix) = segments.first { throw .reserved }
        self.segments = segments
    }

    /// Parses a pattern written in the code.
    ///
    /// - Precondition: The literal is a valid pattern (``init(validating:)`` does not throw);
    ///   a malformed pattern in the code stops the program at once.
    public init(stringLiteral text: String) {
        do {
            try self.init(validating: text)
        } catch {
            preconditionFailure("invalid log pattern \(String(reflecting: text)): \(error)")
        }
    }

    /// The captures of `log` when the pattern matches it; `nil` when it does not, and always
    /// `nil` for a reserved log (`server/...`).
    public func match(_ log: LogName) -> LogCaptures? {
        if log.isReserved { return nil }
        let logSegments = log.segments
        var values: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .remainder:
                guard index < logSegments.count else { return nil }
                return LogCaptures(values: values, remainder: Array(logSegments[index...]))
            case .literal(let text):
                guard index < logSegments.count, logSegments[index] == text else { return nil }
            case .capture(let name):
                guard index < logSegments.count else { return nil }
                values[name] = logSegments[index]
            }
        }
        guard logSegments.count == segments.count else { return nil }
        return LogCaptures(values: values, remainder: [])
    }

    private static func segment(_ part: String, at index: Int, isLast: Bool) throws(LogPatternError) -> Segment {
        if part == "**" {
            guard isLast else { throw .remainderNotLast(index: index) }
            return .remainder
        }
        if part.hasPrefix("{") && part.hasSuffix("}") && part.count >= 2 {
            let name = String(part.dropFirst().dropLast())
            guard !name.isEmpty, name.allSatisfy(isCaptureNameCharacter) else {
                throw .invalidCaptureName(name, index: index)
            }
            return .capture(name)
        }
        guard (try? LogName(validating: part)) != nil else { throw .invalidLiteral(part, index: index) }
        return .literal(part)
    }

    private static func isCaptureNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}
