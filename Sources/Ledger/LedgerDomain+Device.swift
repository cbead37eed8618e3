import Foundation
import RxChainCore
import RxChainDevice

/// The ledger on a device: ``LedgerState`` around the replicated ledger, ``LedgerMessage``s
/// handled by ``LedgerReducer``, and invalid actions shown in ``LedgerState/errors``.
extension LedgerDomain: DeviceDomain {
    public typealias AppState = LedgerState
    public typealias AppMessage = LedgerMessage

    public static var replicated: WritableKeyPath<LedgerState, ReplicatedLedger> { \.replicated }

    public var initialAppState: LedgerState { LedgerState() }

    public var reducer: TagCompositeReducer<LedgerState, LedgerMessage, LedgerAction> { LedgerReducer.reducer }

    public func message(for action: LedgerAction) -> LedgerMessage { .action(action) }

    public func rebaseMessage(_ ledger: ReplicatedLedger) -> LedgerMessage { .rebase(ledger) }

    /// An invalid action (a rejection naming a field) is recorded in ``LedgerState/errors``; an
    /// ignored one is not an error and only published.
    public func errorMessage(for rejection: Rejection) -> LedgerMessage? {
        guard rejection.field != nil, LedgerAction.tags.contains(rejection.tag) else { return nil }
        return .recordError(rejection.description)
    }
}

/// A ledger store on one device (see `RxChain/Device`).
public typealias LedgerDevice = Device<LedgerDomain>

/// The store of a ledger device.
public typealias LedgerStore = StoreManager<LedgerState, LedgerMessage, LedgerAction>

extension Device where Domain == LedgerDomain {
    /// Opens (creating if needed) the ledger store in `directory`; see
    /// ``RxChain/Device/open(directory:domain:base:options:lockWait:)``.
    public static func open(
        directory: URL, base: LedgerState = LedgerState(), options: DeviceOptions = DeviceOptions(),
        lockWait: Duration = .seconds(5)
    ) async throws -> LedgerDevice {
        try await open(directory: directory, domain: LedgerDomain(), base: base, options: options, lockWait: lockWait)
    }
}
