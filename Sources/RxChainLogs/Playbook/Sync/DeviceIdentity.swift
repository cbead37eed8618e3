import RxChainCore

/// Who a device is in a playbook's `actionId`s, and the queue that numbers its actions: what a
/// ``PlaybookTransport`` needs to keep the device's actionIds its own.
///
/// Every line a device appends carries `"actionId":"<deviceID>:<seq>"`, and the first line
/// with an actionId is the one that counts (`ActionIDIndex`). So a device must never give
/// two actions one actionId, and must notice when lines it did not write carry its id (a
/// copied store directory, a queue file moved aside, a line written by hand): the transport
/// then takes a new id for the pending actions (`changeDeviceID(to:)`) before any of them
/// is appended under a taken actionId.
///
/// `SyncQueue` is the device identity of every device built on the engine.
package protocol DeviceIdentity: Sendable {
    /// The id in the actionIds of the pending records and of every record queued from now on.
    var deviceID: String { get }
    /// The `seq` the next queued record gets; every `seq` below it was given out before.
    var nextSeq: UInt64 { get }
    /// The records waiting to be sent, in `seq` order, keyed `"<deviceID>:<seq>"`.
    var pending: [QueueRecord] { get }
    /// Makes every later `seq` larger than `seq`, so the device never gives out a `seq` the
    /// playbook already holds for its id.
    func continueSequence(above seq: UInt64)
    /// Gives the pending records (and every later one) `newID` as their device id, durably,
    /// before it returns; the records in `held` keep their keys.
    ///
    /// `held` are the pending records the playbook already holds under their old keys (sent,
    /// but the acknowledgement has not reached the queue): under a new key they would be
    /// appended a second time, so they keep the old one and are acknowledged as sent.
    func changeDeviceID(to newID: String, keeping held: Set<UInt64>) async throws
}
