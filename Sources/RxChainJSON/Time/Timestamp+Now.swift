import Foundation

extension Timestamp {
    /// The current time in UTC with milliseconds, as commands stamp their changes:
    /// `2024-05-01T10:00:01.500Z`.
    public static func now() -> Timestamp { Timestamp(date: Date()) }

    /// `date` rounded down to the millisecond, in UTC, written with three fraction digits and `Z`.
    public init(date: Date) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let layout = Layout(
            offsetMinutes: 0, fractionDigits: 3, isZulu: true, isNegativeZero: false, isLeapSecond: false)
        self.init(
            seconds: seconds, nanoseconds: UInt32(milliseconds - seconds * 1000) * 1_000_000, layout: layout)
    }
}
