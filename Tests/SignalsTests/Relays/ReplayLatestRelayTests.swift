import RxChainTesting
import Signals
import Testing

@Suite struct ReplayLatestRelayTests {
    @Test func anObserverOfAnEmptyRelayWaitsForTheFirstSend() {
        let relay = ReplayLatestRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal)
        #expect(recorder.values == [])
        relay.send(1)
        relay.send(2)
        #expect(recorder.values == [1, 2])
        withExtendedLifetime(token) {}
    }

    @Test func aNewObserverGetsTheLatestValueThenEveryLaterOne() {
        let relay = ReplayLatestRelay<Int>()
        relay.send(1)
        relay.send(2)
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal)
        relay.send(3)
        #expect(recorder.values == [2, 3])
        withExtendedLifetime(token) {}
    }

    @Test func afterForgetLatestANewObserverWaitsForTheNextSend() {
        let relay = ReplayLatestRelay<Int>()
        let early = RecordingObserver<Int>()
        let earlyToken = early.subscribe(to: relay.signal)
        relay.send(1)
        relay.forgetLatest()
        let late = RecordingObserver<Int>()
        let lateToken = late.subscribe(to: relay.signal)
        #expect(late.values == [], "nothing is replayed once the latest value is forgotten")
        relay.send(2)
        #expect(late.values == [2])
        #expect(early.values == [1, 2], "observers already attached lose nothing")
        let latest = RecordingObserver<Int>()
        let latestToken = latest.subscribe(to: relay.signal)
        #expect(latest.values == [2], "the next send is kept again")
        withExtendedLifetime((earlyToken, lateToken, latestToken)) {}
    }
}
