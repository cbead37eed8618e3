extension Timestamp {
    /// The earliest instant written `0000-01-01T00:00:00Z`.
    static let earliestUTCSecond: Int64 = -62_167_219_200
    /// The latest whole second written `9999-12-31T23:59:59Z`.
    static let latestUTCSecond: Int64 = 253_402_300_799

    /// The whole second `seconds` after 1970-01-01T00:00:00Z, written in UTC without a
    /// fraction (`2024-05-01T10:00:01Z`); `nil` when it falls outside years 0000–9999 in UTC.
    ///
    /// ```swift
    /// Timestamp(utcSeconds: 0)?.description  // "1970-01-01T00:00:00Z"
    /// ```
    public init?(utcSeconds seconds: Int64) {
        guard (Self.earliestUTCSecond...Self.latestUTCSecond).contains(seconds) else { return nil }
        let layout = Layout(
            offsetMinutes: 0, fractionDigits: 0, isZulu: true, isNegativeZero: false, isLeapSecond: false)
        self.init(seconds: seconds, nanoseconds: 0, layout: layout)
    }

    /// This instant truncated to its whole second, written in UTC without a fraction:
    /// `2024-05-01T12:00:01.900+02:00` gives `2024-05-01T10:00:01Z`. `nil` when the UTC form
    /// falls outside years 0000–9999 (`0000-01-01T00:30:00+01:00`).
    public var truncatedToUTCSecond: Timestamp? { Timestamp(utcSeconds: seconds) }

    /// Whether its whole second written in UTC falls within years 0000–9999 (what
    /// ``truncatedToUTCSecond`` can write).
    package var hasFourDigitUTCYear: Bool { truncatedToUTCSecond != nil }
}
