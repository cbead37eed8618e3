import RxChainCore

/// The queue is its device's identity: its device id and its numbering (see ``DeviceIdentity``).
extension SyncQueue: DeviceIdentity {}
