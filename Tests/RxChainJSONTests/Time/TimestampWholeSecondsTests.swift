import Testing

@testable import RxChainJSON

/// `Timestamp(utcSeconds:)` and `truncatedToUTCSecond`: whole seconds written in UTC, within
/// years 0000–9999.
@Suite struct TimestampWholeSecondsTests {
    @Test(arguments: [
        ("2024-05-01T12:00:01.900+02:00", "2024-05-01T10:00:01Z"),
        ("2024-05-01T10:00:01Z", "2024-05-01T10:00:01Z"),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59Z"),
        ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z"),
        ("0000-01-01T00:00:00.5Z", "0000-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59Z"),
        ("2024-02-29T23:30:00-01:00", "2024-03-01T00:30:00Z"),
    ])
    func truncatesToTheWholeSecondInUTC(text: String, truncated: String) throws {
        let time = try Timestamp(parsing: text)
        let whole = try #require(time.truncatedToUTCSecond)
        #expect(whole.description == truncated)
        #expect(whole <= time)
        #expect(whole.seconds == time.seconds && whole.nanoseconds == 0)
    }

    @Test func refusesInstantsOutsideYears0000To9999InUTC() throws {
        #expect(try Timestamp(parsing: "0000-01-01T00:30:00+01:00").truncatedToUTCSecond == nil)
        #expect(try Timestamp(parsing: "9999-12-31T23:30:00-01:00").truncatedToUTCSecond == nil)
        #expect(Timestamp(utcSeconds: 0)?.description == "1970-01-01T00:00:00Z")
        #expect(Timestamp(utcSeconds: Timestamp.earliestUTCSecond)?.description == "0000-01-01T00:00:00Z")
        #expect(Timestamp(utcSeconds: Timestamp.earliestUTCSecond - 1) == nil)
        #expect(Timestamp(utcSeconds: Timestamp.latestUTCSecond + 1) == nil)
    }
}
