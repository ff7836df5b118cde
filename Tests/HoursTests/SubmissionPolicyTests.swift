import Foundation
import Testing
import Hours

@Suite("Submission to payroll: outcomes, backoff, Retry-After")
struct SubmissionPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    enum Kind: Equatable { case accepted, retry, refused }

    static func kind(_ outcome: SubmissionOutcome) -> Kind {
        switch outcome {
        case .accepted: .accepted
        case .retryLater: .retry
        case .refused: .refused
        }
    }

    @Test(
        "2xx is done; 408, 429 and 5xx are tried again; other answers are refusals",
        arguments: [
            (200, Kind.accepted), (201, .accepted), (204, .accepted), (299, .accepted), (301, .refused),
            (304, .refused), (400, .refused), (401, .refused), (403, .refused), (404, .refused), (408, .retry),
            (409, .refused), (422, .refused), (429, .retry), (500, .retry), (502, .retry), (503, .retry),
            (504, .retry), (599, .retry), (100, .refused),
        ])
    func classification(status: Int, expected: Kind) {
        #expect(Self.kind(.answer(status: status, retryAfter: nil, body: "", now: Self.now)) == expected)
    }

    @Test("the receiver's message is taken from the usual JSON shapes or the first line of text")
    func messages() {
        #expect(
            SubmissionOutcome.message(#"{"error": {"code": "x", "message": "vehicle unknown"}}"#) == "vehicle unknown")
        #expect(SubmissionOutcome.message(#"{"error": "bad shift"}"#) == "bad shift")
        #expect(SubmissionOutcome.message(#"{"message": "locked period"}"#) == "locked period")
        #expect(SubmissionOutcome.message("Forbidden\nmore text") == "Forbidden")
        #expect(SubmissionOutcome.message("  \n ") == nil)
        #expect(SubmissionOutcome.message("bell\u{07}ed") == "belled")
        #expect(SubmissionOutcome.message(String(repeating: "x", count: 1_000))?.count == 301)
        let refused = SubmissionOutcome.answer(status: 422, retryAfter: nil, body: #"{"error": "no"}"#, now: Self.now)
        #expect(refused == .refused(message: "HTTP 422: no"))
    }

    @Test("Retry-After: delay seconds or an HTTP date, bounded to a day; anything else is ignored")
    func retryAfter() {
        #expect(RetryAfter.seconds("120", now: Self.now) == 120)
        #expect(RetryAfter.seconds(" 0 ", now: Self.now) == 0)
        #expect(RetryAfter.seconds("999999", now: Self.now) == 86_400)
        // 1_795_000_000 is Wed, 18 Nov 2026 11:06:40 GMT; 90 s later:
        #expect(RetryAfter.seconds("Wed, 18 Nov 2026 11:08:10 GMT", now: Self.now) == 90)
        #expect(RetryAfter.seconds("Wed, 18 Nov 2026 11:00:00 GMT", now: Self.now) == 0, "a past date: now")
        #expect(RetryAfter.seconds("-5", now: Self.now) == nil)
        #expect(RetryAfter.seconds("soon", now: Self.now) == nil)
        #expect(RetryAfter.seconds("1.5", now: Self.now) == nil)
        let deferred = SubmissionOutcome.answer(status: 503, retryAfter: "7", body: "", now: Self.now)
        #expect(deferred == .retryLater(reason: "HTTP 503", retryAfter: 7))
    }

    @Test(
        "backoff: 30 s after the first failure, doubling, never past an hour; ±20 % jitter",
        arguments: [
            (1, 30.0), (2, 60), (3, 120), (4, 240), (5, 480), (6, 960), (7, 1_920), (8, 3_600), (9, 3_600),
            (40, 3_600), (0, 30),
        ])
    func backoff(failures: Int, nominal: Double) {
        let policy = SubmissionBackoff()
        #expect(policy.delay(afterFailures: failures, jitter: 0.5) == nominal)
        #expect(policy.delay(afterFailures: failures, jitter: 0) == nominal * 0.8)
        #expect(policy.delay(afterFailures: failures, jitter: 0.999_999) <= min(3_600, nominal * 1.2))
        #expect(policy.delay(afterFailures: failures, jitter: 0.999_999) >= nominal * 0.999)
    }

    @Test("Retry-After wins over the backoff, at least one second")
    func retryAfterWins() {
        let policy = SubmissionBackoff()
        #expect(policy.delay(afterFailures: 7, retryAfter: 5, jitter: 0.5) == 5)
        #expect(policy.delay(afterFailures: 1, retryAfter: 0, jitter: 0.5) == 1)
        #expect(policy.delay(afterFailures: 1, retryAfter: 7_200, jitter: 0.5) == 7_200)
    }
}
