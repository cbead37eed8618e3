import RxChainJSON

extension JSONScanner {
    /// The ``ActionID`` a string value spells, exactly as ``ActionID/init(parsing:)`` reads its
    /// text (`<deviceId>:<seq>`); `nil` when it spells none.
    ///
    /// A value without escapes is read straight from the line's bytes, building only the
    /// device's `String`.
    @inlinable
    package func actionID(_ value: Value) -> ActionID? {
        if value.hasEscapes { return ActionID(parsing: string(value)) }
        let text = content(value)
        guard let (colon, seq) = lastColonAndSeq(text, endingAt: value.end) else { return nil }
        let device = String(decoding: UnsafeRawBufferPointer(rebasing: text[..<colon]), as: UTF8.self)
        return ActionID(deviceID: device, seq: seq)
    }

    /// Where the last `:` of `text` is (after at least one byte) and the `seq` its 1 to 20
    /// digits spell (fitting `UInt64`); `nil` when `text` is not `<deviceId>:<seq>`. `text`
    /// ends at `end` in the line.
    @usableFromInline
    func lastColonAndSeq(_ text: UnsafeRawBufferPointer, endingAt end: Int) -> (Int, UInt64)? {
        // The common case: the `:` and up to seven digits among the last eight bytes (bytes of
        // the line before the value, if in view, are never all digits: its opening quote is not).
        if end >= 8 {
            let last = word(at: end - 8)
            let digitCount = JSONScanner.trailingDigitCount(last)
            if digitCount > 0 && digitCount < 8 {
                let colon = text.count - digitCount - 1
                guard colon > 0, text[colon] == UInt8(ascii: ":") else { return nil }
                return (colon, JSONScanner.digitsValue(last &>> (8 &* (8 &- digitCount)), count: digitCount))
            }
        }
        // Any length: the digits found from the end; the first other byte must be the `:`.
        var colon = text.count - 1
        while colon >= 0, text[colon] &- UInt8(ascii: "0") <= 9 { colon -= 1 }
        let digitCount = text.count - colon - 1
        guard colon > 0, text[colon] == UInt8(ascii: ":"), digitCount > 0, digitCount <= 20 else { return nil }
        var seq: UInt64 = 0
        for position in (colon + 1)..<text.count {
            let digit = UInt64(text[position] &- UInt8(ascii: "0"))
            // 19 digits always fit; the 20th may overflow.
            guard position - colon == 20 else {
                seq = seq &* 10 &+ digit
                continue
            }
            let (times10, overflow1) = seq.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            seq = sum
        }
        return (colon, seq)
    }
}
