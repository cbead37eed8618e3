import Testing

@testable import RxChainCore

/// The manager's progress table: who hears what became of a request, also when the
/// consumer settles it before `accept` registered its progress.
@Suite struct SyncProgressTableTests {
    @Test func aRegisteredProgressIsReturnedOnceWhenItsRequestSettles() {
        var table = SyncProgressTable()
        let progress = SyncProgress(requestCount: 1)
        table.registrationOpened()
        #expect(table.register(progress, seq: 7) == nil)
        table.registrationClosed()
        #expect(table.settled(seq: 7, .acknowledged) === progress)
        #expect(table.settled(seq: 7, .acknowledged) == nil)
    }

    @Test func anOutcomeReachedBeforeTheRegistrationIsHandedToIt() {
        var table = SyncProgressTable()
        table.registrationOpened()
        #expect(table.settled(seq: 3, .failed(SyncFailure.deadLettered(seq: 3, reason: "400"))) == nil)
        let outcome = table.register(SyncProgress(requestCount: 1), seq: 3)
        guard case .failed(let error as SyncFailure)? = outcome else {
            Issue.record("expected the dead letter, got \(String(describing: outcome))")
            return
        }
        #expect(error == .deadLettered(seq: 3, reason: "400"))
        // Handed over once: the table now waits for nothing about request 3.
        #expect(table.settled(seq: 3, .acknowledged) == nil)
        table.registrationClosed()
    }

    @Test func withNoRegistrationOpenNothingIsKept() {
        var table = SyncProgressTable()
        #expect(table.settled(seq: 1, .acknowledged) == nil)
        table.registrationOpened()
        #expect(table.settled(seq: 2, .acknowledged) == nil)
        table.registrationClosed()
        // The registration that could have wanted request 2 closed: its outcome is dropped.
        table.registrationOpened()
        #expect(table.register(SyncProgress(requestCount: 1), seq: 1) == nil)
        #expect(table.register(SyncProgress(requestCount: 1), seq: 2) == nil)
        table.registrationClosed()
    }

    @Test func aForgottenProgressHearsNothingMore() {
        var table = SyncProgressTable()
        table.registrationOpened()
        _ = table.register(SyncProgress(requestCount: 1), seq: 5)
        table.registrationClosed()
        table.forget(seq: 5)
        #expect(table.settled(seq: 5, .acknowledged) == nil)
    }
}
