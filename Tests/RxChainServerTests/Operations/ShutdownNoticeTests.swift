import RxChainServer
import Testing

/// The switch long polls watch: every waiter returns once it is triggered, a later waiter at
/// once, and a cancelled waiter without it.
@Suite struct ShutdownNoticeTests {
    @Test func everyWaiterReturnsOnceTriggeredAndLaterOnesAtOnce() async {
        let notice = ShutdownNotice()
        #expect(!notice.isTriggered)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { await notice.wait() } }
            notice.trigger()
            await group.waitForAll()
        }
        #expect(notice.isTriggered)
        await notice.wait()
        notice.trigger()
    }

    @Test func aCancelledWaiterReturnsWithoutATrigger() async {
        let notice = ShutdownNotice()
        let waiter = Task { await notice.wait() }
        waiter.cancel()
        await waiter.value
        #expect(!notice.isTriggered)
    }
}
