/// Numbered slots for the few devices a stretch of playbook lines comes from, so that per-line
/// bookkeeping can live in arrays: the first eight devices are found by comparing a few short
/// strings instead of hashing one per line, later ones through a dictionary.
@usableFromInline struct DeviceSlots: Sendable {
    /// The devices, in the order first met: a device's slot is its index here.
    @usableFromInline private(set) var deviceIDs: [String] = []
    /// The slots of the devices after the first eight.
    private var laterSlots: [String: Int] = [:]

    /// The slot of `deviceID`, and whether it is new (then it is `deviceIDs.count` before the call).
    @usableFromInline init() {}

    /// The slot of `deviceID`, and whether it is new (then it is `deviceIDs.count` before the call).
    @usableFromInline mutating func slot(of deviceID: String) -> (slot: Int, isNew: Bool) {
        for slot in 0..<min(deviceIDs.count, 8) where deviceIDs[slot] == deviceID { return (slot, false) }
        if deviceIDs.count > 8, let slot = laterSlots[deviceID] { return (slot, false) }
        let slot = deviceIDs.count
        deviceIDs.append(deviceID)
        if slot >= 8 { laterSlots[deviceID] = slot }
        return (slot, true)
    }

    /// Forgets every device.
    mutating func removeAll() {
        deviceIDs.removeAll(keepingCapacity: true)
        laterSlots.removeAll()
    }
}
