/// The ``ActionIDIndex`` slots of the devices a replay's lines come from, kept at hand (see
/// ``DeviceSlots``) so that most lines find their device without hashing its id.
///
/// Slots stay valid for the index they were taken from and every later version of it (an
/// index never forgets a device), so one value serves a replay from start to end.
@usableFromInline struct RecentDevices: Sendable {
    private var slots = DeviceSlots()
    private var indexSlots: [ActionIDIndex.Slot] = []

    @usableFromInline init() {}

    /// The slot of `deviceID` in `index`, made there when the device is new.
    @usableFromInline mutating func slot(of deviceID: String, in index: inout ActionIDIndex) -> ActionIDIndex.Slot {
        let (slot, isNew) = slots.slot(of: deviceID)
        if isNew { indexSlots.append(index.slot(of: deviceID)) }
        return indexSlots[slot]
    }
}
