/// The high-water marks of the devices a feed's lines come from, kept at hand (see
/// ``DeviceSlots``) while ``PlaybookReplay`` reads them line by line, and written back to
/// the replay's marks when the feed ends.
struct RecentDevices {
    private var slots = DeviceSlots()
    private var marks: [UInt64?] = []

    /// Raises `id.deviceID`'s mark to `id.seq` (false when `seq` is not above it: a
    /// duplicate). `saved` holds the marks from before the feed.
    mutating func advance(_ id: ActionID, saved: [String: UInt64]) -> Bool {
        let (slot, isNew) = slots.slot(of: id.deviceID)
        if isNew { marks.append(saved[id.deviceID]) }
        if let mark = marks[slot], id.seq <= mark { return false }
        marks[slot] = id.seq
        return true
    }

    /// Writes the marks back and forgets them.
    mutating func flush(into saved: inout [String: UInt64]) {
        for (deviceID, mark) in zip(slots.deviceIDs, marks) { saved[deviceID] = mark }
        slots.removeAll()
        marks.removeAll(keepingCapacity: true)
    }
}
