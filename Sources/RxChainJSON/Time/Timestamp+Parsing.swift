extension Timestamp {
    /// Parses RFC 3339 bytes by hand (no `Date`, no formatter): the hot path of playbook replay.
    @usableFromInline package static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<Timestamp, ParseError> {
        let count = bytes.count
        func fail(_ reason: String) -> Result<Timestamp, ParseError> { .failure(ParseError(reason: reason)) }
        func digits(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= count else { return nil }
            var value = 0
            for index in start..<start + length {
                let digit = Int(bytes[index]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        func expect(_ byte: UInt8, _ name: String, at index: Int) -> String? {
            guard index < count else { return "ends before '\(name)' at offset \(index)" }
            return bytes[index] == byte ? nil : "expected '\(name)' at offset \(index)"
        }
        guard count > 0 else { return fail("empty") }
        guard let year = digits(0, 4) else { return fail("year must be 4 digits") }
        if let problem = expect(UInt8(ascii: "-"), "-", at: 4) { return fail(problem) }
        guard let month = digits(5, 2) else { return fail("month must be 2 digits") }
        if let problem = expect(UInt8(ascii: "-"), "-", at: 7) { return fail(problem) }
        guard let day = digits(8, 2) else { return fail("day must be 2 digits") }
        if let problem = expect(UInt8(ascii: "T"), "T", at: 10) { return fail(problem) }
        guard let hour = digits(11, 2) else { return fail("hour must be 2 digits") }
        if let problem = expect(UInt8(ascii: ":"), ":", at: 13) { return fail(problem) }
        guard let minute = digits(14, 2) else { return fail("minute must be 2 digits") }
        if let problem = expect(UInt8(ascii: ":"), ":", at: 16) { return fail(problem) }
        guard let second = digits(17, 2) else { return fail("second must be 2 digits") }
        guard (1...12).contains(month) else { return fail("month \(month)") }
        let monthLength = Timestamp.daysInMonth(month, year: year)
        guard day >= 1 && day <= monthLength else {
            return fail(
                "day \(day) of \(year)-\(month < 10 ? "0" : "")\(month), which has \(monthLength) days")
        }
        guard hour < 24 else { return fail("hour \(hour)") }
        guard minute < 60 else { return fail("minute \(minute)") }
        guard second <= 60 else { return fail("second \(second)") }

        var index = 19
        var nanoseconds = 0
        var fractionDigits = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, bytes[index] &- 48 <= 9 {
                fractionDigits += 1
                guard fractionDigits <= 9 else { return fail("fraction longer than 9 digits") }
                nanoseconds = nanoseconds * 10 + Int(bytes[index] &- 48)
                index += 1
            }
            guard fractionDigits > 0 else { return fail("fraction needs 1 to 9 digits") }
            for _ in fractionDigits..<9 { nanoseconds *= 10 }
        }
        guard index < count else { return fail("missing offset ('Z' or ±HH:MM)") }
        var offsetMinutes = 0
        var isZulu = false
        var isNegativeZero = false
        switch bytes[index] {
        case UInt8(ascii: "Z"):
            isZulu = true
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let negative = bytes[index] == UInt8(ascii: "-")
            guard let offsetHour = digits(index + 1, 2),
                expect(UInt8(ascii: ":"), ":", at: index + 3) == nil,
                let offsetMinute = digits(index + 4, 2)
            else { return fail("offset must be ±HH:MM") }
            guard offsetHour < 24 else { return fail("offset hour \(offsetHour)") }
            guard offsetMinute < 60 else { return fail("offset minute \(offsetMinute)") }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (negative ? -1 : 1)
            isNegativeZero = negative && offsetMinutes == 0
            index += 6
        default:
            return fail("missing offset ('Z' or ±HH:MM) at offset \(index)")
        }
        guard index == count else { return fail("unexpected text after the offset") }

        let days = Timestamp.daysSinceEpoch(year: year, month: month, day: day)
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let layout = Layout(
            offsetMinutes: Int16(offsetMinutes), fractionDigits: UInt8(fractionDigits), isZulu: isZulu,
            isNegativeZero: isNegativeZero, isLeapSecond: second == 60)
        return .success(
            Timestamp(
                seconds: local - Int64(offsetMinutes * 60), nanoseconds: UInt32(nanoseconds), layout: layout))
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
