import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// `max_wait_seconds` bounds the whole run's waiting for rate limits, and `Retry-After` and
/// `X-RateLimit-Reset` are read safely whatever a server puts in them. The harness's sleep
/// only records, so a minute-long wait costs the test nothing.
@Suite("The run's allowance of rate-limit waits, and hostile Retry-After values")
struct RateLimitWaitTests {
    static func secondary(_ retryAfter: String, status: Int = 403) -> FakeGitHub.Fault {
        .raw(
            status: status, headers: ["Retry-After": retryAfter, "Content-Type": "application/json"],
            body: #"{"message":"You have exceeded a secondary rate limit."}"#)
    }

    static func waited(_ harness: LiveHarness) -> Int64 {
        harness.requestedSleeps.reduce(0) { $0 + $1.components.seconds }
    }

    @Test("Retry-After: 30 on every try waits 60 s in all under a 60 s allowance, then stops")
    func repeatedRetryAfter() async throws {
        let harness = try LiveHarness()
        harness.github.inject(Self.secondary("30"), at: "/users/mona", times: 10)
        let error = await #expect(throws: GitHubDataError.self) {
            try await harness.store { $0.maxWait = .seconds(60) }.owner("mona")
        }
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(harness.requestedSleeps == [.seconds(30), .seconds(30)])
        #expect(harness.statuses() == [403, 403, 403], "the third refusal ends the run at once")
    }

    @Test("two requests of one run share the allowance: the second wait is refused")
    func sharedAcrossRequests() async throws {
        let harness = try LiveHarness()
        harness.github.inject(Self.secondary("40"), at: "/users/mona")
        harness.github.inject(Self.secondary("40"), at: "/users/kit-harbor")
        let store = harness.store { $0.maxWait = .seconds(60) }
        #expect(try await store.owner("mona").login == "mona")
        let error = await #expect(throws: GitHubDataError.self) { try await store.owner("kit-harbor") }
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(Self.waited(harness) == 40)
    }

    @Test(
        "a huge Retry-After ends the run at once and names the real time, in days",
        arguments: ["99999999999999999999", "31622400", "999999999999999999999999999999999999999999"])
    func hugeRetryAfter(_ value: String) async throws {
        let harness = try LiveHarness()
        harness.github.inject(Self.secondary(value), at: "/users/mona", times: 5)
        let error = await #expect(throws: GitHubDataError.self) {
            try await harness.store { $0.maxWait = .seconds(60) }.owner("mona")
        }
        guard case .rateLimited(_, let until, true)? = error else {
            Issue.record("expected a secondary rate limit, got \(String(describing: error))")
            return
        }
        #expect(abs(until.timeIntervalSinceNow - RateLimitHeaderValue.farthest) < 600)
        #expect(error?.description.contains("try again after") == true)
        #expect(error?.description.contains("days)") == true, "\(error?.description ?? "")")
        #expect(harness.requestedSleeps.isEmpty)
        #expect(harness.statuses() == [403])
    }

    @Test(
        "a Retry-After that is not delay-seconds falls back to GitHub's minute, never overflowing",
        arguments: ["-5", "soon", "1e400", "NaN", "30.5", "", "+30", "0x1E"])
    func malformedRetryAfter(_ value: String) async throws {
        let harness = try LiveHarness()
        harness.github.inject(Self.secondary(value), at: "/users/mona")
        #expect(try await harness.store { $0.maxWait = .seconds(60) }.owner("mona").login == "mona")
        #expect(harness.requestedSleeps == [.seconds(60)])
    }

    @Test("a Retry-After HTTP date is a wait until then; a past one is no wait")
    func retryAfterDate() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let inAnHour = Date().addingTimeInterval(3600)
        let harness = try LiveHarness()
        harness.github.inject(Self.secondary(formatter.string(from: inAnHour)), at: "/users/mona")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        guard case .rateLimited(_, let until, _)? = error else {
            Issue.record("expected a rate limit, got \(String(describing: error))")
            return
        }
        #expect(abs(until.timeIntervalSince(inAnHour)) < 60)

        harness.github.inject(Self.secondary("Sun, 06 Nov 1994 08:49:37 GMT"), at: "/users/kit-harbor")
        #expect(try await harness.store().owner("kit-harbor").login == "kit-harbor")
        #expect(harness.requestedSleeps == [.zero])
    }

    @Test(
        "an X-RateLimit-Reset that is huge, fractional or not a number never traps",
        arguments: ["1e400", "99999999999999999999", "nan", "-1", "inf"])
    func hostileReset(_ value: String) async throws {
        let harness = try LiveHarness()
        harness.github.inject(
            .raw(
                status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": value],
                body: #"{"message":"API rate limit exceeded"}"#),
            at: "/users/mona")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        guard case .rateLimited(_, let until, false)? = error else {
            Issue.record("expected a primary rate limit, got \(String(describing: error))")
            return
        }
        #expect(until.timeIntervalSinceNow > 0 && until.timeIntervalSinceNow <= RateLimitHeaderValue.farthest + 60)
        #expect(harness.requestedSleeps.isEmpty)
    }

    @Test("the header values parse by the rules and saturate instead of overflowing")
    func parsing() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RateLimitHeaderValue.retryAfter("30", now: now) == 30)
        #expect(RateLimitHeaderValue.retryAfter(" 007 ", now: now) == 7)
        #expect(RateLimitHeaderValue.retryAfter("99999999999999999999", now: now) == RateLimitHeaderValue.farthest)
        #expect(RateLimitHeaderValue.retryAfter("-1", now: now) == nil)
        #expect(RateLimitHeaderValue.retryAfter("1.5", now: now) == nil)
        #expect(RateLimitHeaderValue.retryAfter("Thu, 01 Jan 1970 00:00:00 GMT", now: now) == 0)
        #expect(RateLimitHeaderValue.reset("1800000060", now: now) == now.addingTimeInterval(60))
        #expect(RateLimitHeaderValue.reset("1e400", now: now) == nil)
        #expect(
            RateLimitHeaderValue.reset("99999999999999999999", now: now)
                == now.addingTimeInterval(RateLimitHeaderValue.farthest))
    }

    @Test("overlapping waits are charged once: the bound is the run's time spent waiting")
    func overlapping() async {
        let waits = RateLimitWaits(allowance: .seconds(60))
        let now = Date()
        #expect(await waits.admit(until: now.addingTimeInterval(50), now: now))
        #expect(await waits.admit(until: now.addingTimeInterval(50), now: now), "a wait alongside costs nothing more")
        #expect(await waits.admit(until: now.addingTimeInterval(60), now: now))
        #expect(!(await waits.admit(until: now.addingTimeInterval(61), now: now)))
        #expect(await waits.remaining == 0)
    }
}
