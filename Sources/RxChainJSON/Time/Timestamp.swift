/// An RFC 3339 date-time that compares as an instant and prints exactly as it was written.
///
/// Playbook timestamps decide conflicts, so every device must order them identically:
/// `2024-05-01T10:00:01Z < 2024-05-01T10:00:01.500Z`, and `…T12:00:00+02:00` equals
/// `…T10:00:00Z`. Instants are whole integers (seconds since 1970 plus nanoseconds), so two
/// instants one nanosecond apart order correctly anywhere in years 0000–9999.
///
/// Grammar (RFC 3339 `date-time`, uppercase `T` and `Z` only):
/// `YYYY-MM-DDTHH:MM:SS[.F{1,9}](Z|±HH:MM)`, with month and day ranges checked (leap years
/// included), hours below 24, minutes below 60, and offsets up to ±23:59.
///
/// Leap seconds: second `60` is accepted (RFC 3339 allows it) and denotes the same instant as
/// second `00` of the next minute, as POSIX time does; it prints back as `60`.
///
/// Equality and hashing are by instant (`…+00:00 == …Z`); ``description`` keeps the text.
///
/// ```swift
/// let early = try Timestamp(parsing: "2024-05-01T10:00:01Z")
/// let late = try Timestamp(parsing: "2024-05-01T10:00:01.500Z")
/// assert(early < late && late.description == "2024-05-01T10:00:01.500Z")
/// ```
public struct Timestamp: Sendable {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
    public let seconds: Int64
    /// Nanoseconds within ``seconds``, 0..<1_000_000_000.
    public let nanoseconds: UInt32
    /// How the text was written, so ``description`` can reproduce it without storing it.
    @usableFromInline let layout: Layout

    /// The parts of the written form that the instant does not determine.
    @usableFromInline
    struct Layout: Sendable {
        /// Local offset in minutes east of UTC.
        @usableFromInline var offsetMinutes: Int16
        /// Digits written after the decimal point (0 = no fraction).
        @usableFromInline var fractionDigits: UInt8
        /// Written as `Z` (not `+00:00` / `-00:00`).
        @usableFromInline var isZulu: Bool
        /// Written as `-00:00` (RFC 3339's "offset unknown").
        @usableFromInline var isNegativeZero: Bool
        /// Written with second `60`.
        @usableFromInline var isLeapSecond: Bool
    }

    @usableFromInline
    init(seconds: Int64, nanoseconds: UInt32, layout: Layout) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.layout = layout
    }

    /// Parses an RFC 3339 date-time.
    ///
    /// - Throws: ``Timestamp/ParseError`` saying which part is out of the grammar or range.
    public init(parsing text: String) throws(ParseError) {
        var text = text
        let result = text.withUTF8 { Timestamp.parse(UnsafeRawBufferPointer($0)) }
        switch result {
        case .success(let timestamp): self = timestamp
        case .failure(let error): throw error
        }
    }

    /// Why a text is not an RFC 3339 date-time.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The offending part, e.g. `month 13` or `expected 'T' at offset 10`.
        public let reason: String
        /// `is not an RFC 3339 date-time (<reason>)`.
        public var description: String { "is not an RFC 3339 date-time (\(reason))" }
    }
}

extension Timestamp: Comparable, Hashable {
    /// Orders by instant; nanosecond differences count.
    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds != rhs.seconds ? lhs.seconds < rhs.seconds : lhs.nanoseconds < rhs.nanoseconds
    }

    /// Equal when they denote the same instant, however written.
    @inlinable
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds == rhs.seconds && lhs.nanoseconds == rhs.nanoseconds
    }

    /// Hashes the instant.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
    }
}

extension Timestamp: Codable {
    /// Decodes from its RFC 3339 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" \(error.description)")
        }
    }

    /// Encodes as the string it was written as.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
