import Foundation
import Testing

@testable import RxChainJSON

@Suite struct TimestampTests {
    /// A timestamp the test knows is valid.
    func ts(_ text: String) -> Timestamp {
        do {
            return try Timestamp(parsing: text)
        } catch {
            fatalError("test timestamp \(text) \(error)")
        }
    }

    @Test(arguments: [
        "2024-05-01T10:00:01Z", "2024-05-01T10:00:01.5Z", "2024-05-01T10:00:01.12Z",
        "2024-05-01T10:00:01.123Z",
        "2024-05-01T10:00:01.1234Z", "2024-05-01T10:00:01.12345Z", "2024-05-01T10:00:01.123456Z",
        "2024-05-01T10:00:01.1234567Z", "2024-05-01T10:00:01.12345678Z", "2024-05-01T10:00:01.123456789Z",
        "2024-05-01T10:00:01.500Z", "2024-05-01T10:00:01.000000000Z", "2024-02-29T00:00:00Z",
        "2000-02-29T23:59:59Z", "1600-02-29T12:00:00Z", "0000-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999999999Z",
        "2024-05-01T10:00:01+02:00", "2024-05-01T10:00:01-05:30", "2024-05-01T10:00:01+00:00",
        "2024-05-01T10:00:01-00:00", "2024-05-01T10:00:01+23:59", "1969-12-31T23:59:59.999Z",
        "2016-12-31T23:59:60Z", "2024-05-01T10:00:01.25+05:45",
    ])
    func acceptsAndPrintsAsWritten(text: String) throws {
        let timestamp = try Timestamp(parsing: text)
        #expect(timestamp.description == text)
    }

    @Test(arguments: [
        ("", "empty"), ("2024-05-01", "ends before 'T' at offset 10"), ("2024-13-01T00:00:00Z", "month 13"),
        ("2024-00-01T00:00:00Z", "month 0"), ("2023-02-29T00:00:00Z", "day 29 of 2023-02, which has 28 days"),
        ("1900-02-29T00:00:00Z", "day 29 of 1900-02, which has 28 days"),
        ("2024-04-31T00:00:00Z", "day 31 of 2024-04, which has 30 days"),
        ("2024-05-00T00:00:00Z", "day 0 of 2024-05, which has 31 days"), ("2024-05-01T24:00:00Z", "hour 24"),
        ("2024-05-01T10:60:00Z", "minute 60"), ("2024-05-01T10:00:61Z", "second 61"),
        ("2024-05-01T10:00:01.Z", "fraction needs 1 to 9 digits"),
        ("2024-05-01T10:00:01.1234567890Z", "fraction longer than 9 digits"),
        ("2024-05-01T10:00:01", "missing offset ('Z' or ±HH:MM)"),
        ("2024-05-01T10:00:01+24:00", "offset hour 24"), ("2024-05-01T10:00:01+02:60", "offset minute 60"),
        ("2024-05-01T10:00:01+0200", "offset must be ±HH:MM"),
        ("2024-05-01 10:00:01Z", "expected 'T' at offset 10"),
        ("2024-05-01t10:00:01Z", "expected 'T' at offset 10"),
        ("2024-05-01T10:00:01z", "missing offset ('Z' or ±HH:MM) at offset 19"),
        ("2024-05-01T10:00:01ZZ", "unexpected text after the offset"),
        ("24-05-01T10:00:01Z", "year must be 4 digits"),
        ("2024/05/01T10:00:01Z", "expected '-' at offset 4"),
        ("2024-5-01T10:00:01Z", "month must be 2 digits"),
        ("+2024-05-01T10:00:01Z", "year must be 4 digits"),
    ])
    func rejectsWithTheReason(text: String, reason: String) {
        #expect(throws: Timestamp.ParseError(reason: reason)) { try Timestamp(parsing: text) }
    }

    @Test func ordersByInstantNotByText() {
        #expect(ts("2024-05-01T10:00:01Z") < ts("2024-05-01T10:00:01.500Z"))
        #expect(ts("2024-05-01T12:00:00+02:00") == ts("2024-05-01T10:00:00Z"))
        #expect(ts("2024-05-01T11:00:00+02:00") < ts("2024-05-01T10:00:00.000000001Z"))
        #expect(ts("2024-05-01T10:00:00.000000001Z") > ts("2024-05-01T10:00:00Z"))
        #expect(ts("1969-12-31T23:59:59.999999999Z") < ts("1970-01-01T00:00:00Z"))
        #expect(ts("0000-01-01T00:00:00Z") < ts("9999-12-31T23:59:59.999999999Z"))
        #expect(ts("2016-12-31T23:59:60Z") == ts("2017-01-01T00:00:00Z"))
        #expect(ts("2016-12-31T23:59:59.999999999Z") < ts("2016-12-31T23:59:60Z"))
    }

    @Test func instantsOneNanosecondApartOrderAcrossTheYearRange() {
        for year in ["0000", "0001", "1677", "1970", "2262", "2263", "9999"] {
            let earlier = ts("\(year)-06-15T12:00:00.123456789Z")
            let later = ts("\(year)-06-15T12:00:00.12345679Z")
            #expect(earlier < later && !(later < earlier) && earlier != later, "year \(year)")
            #expect(later.nanoseconds - earlier.nanoseconds == 1)
        }
    }

    @Test func knownInstants() {
        #expect(ts("1970-01-01T00:00:00Z").seconds == 0)
        #expect(ts("2000-03-01T00:00:00Z").seconds == 951_868_800)
        #expect(ts("1970-01-01T01:00:00+01:00").seconds == 0)
        #expect(ts("0000-01-01T00:00:00Z").seconds == -62_167_219_200)
        #expect(ts("9999-12-31T23:59:59Z").seconds == 253_402_300_799)
    }

    @Test func codableAsTheStringAsWritten() throws {
        let stamp = ts("2024-05-01T10:00:01.50+02:00")
        let data = try JSONEncoder().encode([stamp])
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-05-01T10:00:01.50+02:00"]"#)
        #expect(try JSONDecoder().decode([Timestamp].self, from: data)[0].description == stamp.description)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Timestamp].self, from: Data(#"["2024-13-01T00:00:00Z"]"#.utf8))
        }
    }
}
