extension Timestamp: CustomStringConvertible {
    /// The timestamp exactly as it was written (offset, fraction digits and leap second kept).
    public var description: String {
        var local = seconds + Int64(layout.offsetMinutes) * 60
        if layout.isLeapSecond { local -= 1 }
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let secondOfDay = Int(local - Int64(days) * 86_400)
        let date = Timestamp.civilDate(daysSinceEpoch: days)
        var text: [UInt8] = []
        text.reserveCapacity(35)
        func append(_ value: Int, width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        append(date.year, width: 4)
        text.append(UInt8(ascii: "-"))
        append(date.month, width: 2)
        text.append(UInt8(ascii: "-"))
        append(date.day, width: 2)
        text.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2)
        text.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2)
        text.append(UInt8(ascii: ":"))
        append(layout.isLeapSecond ? 60 : secondOfDay % 60, width: 2)
        if layout.fractionDigits > 0 {
            text.append(UInt8(ascii: "."))
            var fraction = Int(nanoseconds)
            for _ in Int(layout.fractionDigits)..<9 { fraction /= 10 }
            append(fraction, width: Int(layout.fractionDigits))
        }
        if layout.isZulu {
            text.append(UInt8(ascii: "Z"))
        } else {
            let negative = layout.offsetMinutes < 0 || layout.isNegativeZero
            let magnitude = abs(Int(layout.offsetMinutes))
            text.append(UInt8(ascii: negative ? "-" : "+"))
            append(magnitude / 60, width: 2)
            text.append(UInt8(ascii: ":"))
            append(magnitude % 60, width: 2)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
