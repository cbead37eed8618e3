import Foundation
import Testing

@testable import RxChainRemotes

/// What each HTTP status means for a queued request, and how `Retry-After` reads.
@Suite struct HTTPAnswerKindTests {
    @Test(arguments: [200, 201, 204, 299])
    func aSuccessIsAnAcknowledgement(status: Int) {
        #expect(HTTPAnswerKind(status: status) == .acknowledged)
    }

    @Test(arguments: [401, 408, 429, 500, 502, 503, 504, 599])
    func aPassingFailureIsRetried(status: Int) {
        #expect(HTTPAnswerKind(status: status) == .retry)
    }

    @Test(arguments: [100, 301, 304, 400, 403, 404, 409, 410, 413, 422, 600])
    func everyOtherStatusIsARefusal(status: Int) {
        #expect(HTTPAnswerKind(status: status) == .refused)
    }

    @Test func retryAfterReadsSecondsAndDates() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay(from: "120", now: now) == .seconds(120))
        #expect(RetryAfter.delay(from: " 0 ", now: now) == .zero)
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:50:07 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero, "a date already past")
        #expect(RetryAfter.delay(from: "99999999999999999999999", now: now) == RetryAfter.longest)
        #expect(RetryAfter.delay(from: "864000", now: now) == RetryAfter.longest)
    }

    /// The last two found by `Fuzz/FuzzS3`: Foundation's date formatter trapped on them.
    @Test(arguments: [
        "", "soon", "-5", "1.5", "Sunday, 06-Nov-94 08:49:37 GMT", "S\u{6EB}", "Sun, 06 Nov 1994 08:49:37 GMT\u{301}",
    ])
    func aRetryAfterThatIsNeitherFormIsIgnored(value: String) {
        #expect(RetryAfter.delay(from: value) == nil)
    }
}
