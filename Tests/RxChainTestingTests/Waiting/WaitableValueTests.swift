import RxChainTesting
import Testing

@Suite struct WaitableValueTests {
    @Test func aConditionThatAlreadyHoldsReturnsAtOnce() async {
        let value = WaitableValue(3)
        await value.wait { $0 == 3 }
        #expect(value.value == 3)
    }

    /// Whether the waiter registers before the updates or after them, it goes on only once the
    /// value meets its condition.
    @Test func aWaiterGoesOnOnlyOnceAnUpdateMeetsItsCondition() async {
        for round in 0..<100 {
            let value = WaitableValue(0)
            let waiter = Task {
                await value.wait { $0 >= 2 }
                return value.value
            }
            await onOwnThread {
                value.update { $0 = 1 }
                value.update { $0 = 2 }
            }
            #expect(await waiter.value == 2, "round \(round)")
        }
    }

    @Test func updateReturnsWhatItsChangeReturns() {
        let value = WaitableValue([1])
        #expect(
            value.update {
                $0.append(2); return $0.count
            } == 2)
        #expect(value.value == [1, 2])
    }

    /// Cancelled before or after it registered, a wait returns without the value changing, and
    /// records no issue.
    @Test func aCancelledWaitReturns() async {
        for _ in 0..<100 {
            let value = WaitableValue(0)
            let waiter = Task {
                await value.wait { $0 == 1 }
                return Task.isCancelled
            }
            waiter.cancel()
            #expect(await waiter.value)
            #expect(value.value == 0)
        }
    }

    /// The limit is the test's own and the condition can never hold: the wait must give up,
    /// whatever the machine's speed, and say so.
    @Test func aWaitThatOutlastsItsLimitRecordsAnIssueAndReturns() async {
        let value = WaitableValue(0)
        await withKnownIssue {
            await value.wait(until: { $0 == 1 }, failingAfter: .milliseconds(1))
        } matching: { issue in
            issue.description.contains("a condition that never held (the value is 0)")
        }
    }
}
