import Foundation
import RxChainCore
import RxChainDevice
import RxChainJSON

/// One device of the time tracker: a `RxChain/Device` whose changes travel to the
/// time-entry server (`TimeEntryService`) as REST requests.
public typealias TimeTrackingDevice = Device<TimeTrackingClient>

/// What a user does on a device that needs more than one message's rules: the one place the
/// terminal (`rxchain time`) and the scenarios (`domain time`) take it from. Each returns once
/// its change is durably queued; a refusal is a ``RxChain/Rejection`` naming why, before
/// anything is recorded.
extension Device where Domain == TimeTrackingClient {
    /// A new id for an entry, made on the device: a random UUID in lower case, so devices that
    /// never talked pick different ids.
    public static func newID() -> String {
        UUID().uuidString.lowercased()
    }

    /// Stops the running entry at `at` (`timeEntries/stop`) and returns its id.
    ///
    /// - Throws: a ``RxChain/Rejection`` when nothing runs.
    @discardableResult
    public func stopRunning(at: Timestamp) async throws -> String {
        guard let running = await state.running else {
            throw Rejection(tag: TimeTrackingAction.stopTag, reason: "nothing is running")
        }
        try await send(.stop(id: running, at: at))
        return running
    }

    /// Changes the fields of the live entry `put.id` (`timeEntries/put`): never creates one.
    ///
    /// - Throws: a ``RxChain/Rejection`` when the device has no live entry with that id, or the
    ///   rules refuse the change (a stop before the start).
    public func edit(_ put: EntryPut) async throws {
        guard await state.entry(put.id) != nil else {
            throw Rejection(tag: TimeTrackingAction.putTag, reason: "no entry \(put.id)", field: "payload.id")
        }
        try await send(.put(put))
    }
}
