/// The high-water marks of the few devices a feed's lines come from, kept at hand while
/// ``PlaybookReplay`` reads them: finding a device compares a few short strings instead of
/// hashing one per line. Devices beyond the first eight go to the dictionary directly.
struct RecentDevices {
    private var deviceIDs: [String] = []
    private var marks: [UInt64?] = []

    /// Raises `id.deviceID`'s mark to `id.seq` (false when `seq` is not above it: a
    /// duplicate). `saved` holds the marks of devices not kept here.
    mutating func advance(_ id: ActionID, saved: inout [String: UInt64]) -> Bool {
        if let slot = deviceIDs.firstIndex(of: id.deviceID) {
            return PlaybookReplay.advance(&marks[slot], to: id.seq)
        }
        guard deviceIDs.count < 8 else { return PlaybookReplay.advance(&saved[id.deviceID], to: id.seq) }
        deviceIDs.append(id.deviceID)
        marks.append(saved[id.deviceID])
        return PlaybookReplay.advance(&marks[marks.count - 1], to: id.seq)
    }

    /// Writes the marks back and forgets them.
    mutating func flush(into saved: inout [String: UInt64]) {
        for (deviceID, mark) in zip(deviceIDs, marks) { saved[deviceID] = mark }
        deviceIDs.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
    }
}
