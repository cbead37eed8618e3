/// The `actionId` of a playbook line, `"<deviceId>:<seq>"`: which device wrote it, and its
/// sequence number on that device.
///
/// An actionId names one action: replay applies the first valid line carrying it and skips
/// every later one (see `ActionIDIndex`), so a line appended twice (a write whose answer was
/// lost) counts once, and a line that reuses someone else's actionId changes nothing.
public struct ActionID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The writing device's identifier (non-empty; may itself contain `:`).
    public var deviceID: String
    /// The device's sequence number for this action.
    public var seq: UInt64

    /// Creates an identifier.
    public init(deviceID: String, seq: UInt64) {
        self.deviceID = deviceID
        self.seq = seq
    }

    /// Parses `"<deviceId>:<seq>"`, splitting at the last `:`; `nil` when the device part is
    /// empty or `seq` is not 1–20 decimal digits fitting `UInt64`.
    public init?(parsing text: String) {
        guard let colon = text.utf8.lastIndex(of: UInt8(ascii: ":")) else { return nil }
        let device = text.utf8[..<colon]
        let digits = text.utf8[text.utf8.index(after: colon)...]
        guard !device.isEmpty, !digits.isEmpty, digits.count <= 20 else { return nil }
        var seq: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = seq.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            seq = sum
        }
        self.deviceID = String(Substring(device))
        self.seq = seq
    }

    /// `<deviceId>:<seq>`.
    public var description: String { "\(deviceID):\(seq)" }
}
