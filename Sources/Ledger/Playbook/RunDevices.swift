/// The devices met in one run of consecutive playbook lines, with the highest `seq` read from
/// each so far: what a parsing thread records so that, once the runs before it are known,
/// each of its lines can be told to be a duplicate or not without a pass in line order.
///
/// A device's high-water mark is the running maximum of the `seq`s read from it (a duplicate
/// is never above it, so skipping one does not change it). A line is therefore a duplicate
/// exactly when its `seq` is not above both the mark its device carried into the run and the
/// highest `seq` of that device on the run's earlier lines (see ``ActionStamp``).
struct RunDevices: Sendable {
    private var slots = DeviceSlots()
    /// The highest `seq` read so far from the device in each slot.
    private(set) var highest: [UInt64] = []

    /// The devices, in the order first met: a device's slot is its index here.
    var deviceIDs: [String] { slots.deviceIDs }

    /// Notes that a line with `id` was read, and returns where it stands in the run.
    mutating func stamp(_ id: ActionID) -> ActionStamp {
        let (slot, isNew) = slots.slot(of: id.deviceID)
        guard !isNew else {
            highest.append(id.seq)
            return ActionStamp(device: slot, seq: id.seq, prior: nil)
        }
        let prior = highest[slot]
        highest[slot] = max(prior, id.seq)
        return ActionStamp(device: slot, seq: id.seq, prior: prior)
    }
}

/// Where a line's `actionId` stands within its run of lines (see ``RunDevices``).
struct ActionStamp: Sendable {
    /// The device's slot in the run's ``RunDevices``.
    let device: Int
    /// The line's `seq`.
    let seq: UInt64
    /// The highest `seq` of the same device on the run's earlier lines; `nil` on its first.
    let prior: UInt64?

    /// Whether the line is a duplicate, given the marks the run's devices carried into the
    /// run (by slot; `nil` for a device never seen before it).
    func isDuplicate(carried: [UInt64?]) -> Bool {
        if let prior, seq <= prior { return true }
        if let mark = carried[device], seq <= mark { return true }
        return false
    }
}
