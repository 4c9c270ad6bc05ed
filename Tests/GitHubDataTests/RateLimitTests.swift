import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

@Suite("The rate-limit budget, 403/429 refusals, and 401")
struct RateLimitTests {
    @Test("a primary limit resetting soon is waited out, then the request succeeds")
    func shortPrimaryWait() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.primaryRateLimit(resetIn: 20), at: "/users/mona")
        let started = Date()
        let owner = try await harness.store { $0.maxWait = .seconds(60) }.owner("mona")
        // The reset is 20 s after the server answered, the wait counted from when the client
        // read the answer: on a loaded machine (the whole suite on 2 cores) that is later.
        let late = Date().timeIntervalSince(started)
        #expect(owner.login == "mona")
        #expect(harness.statuses() == [403, 200])
        let wait = try #require(harness.requestedSleeps.first)
        #expect(wait > .seconds(15 - late) && wait <= .seconds(22), "\(wait), \(late) s late")
    }

    @Test("a primary limit resetting later than the longest wait ends with the time to retry")
    func longPrimaryWait() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.primaryRateLimit(resetIn: 1800), at: "/users/mona")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        guard case .rateLimited(_, let until, false)? = error else {
            Issue.record("expected a primary rate limit, got \(String(describing: error))")
            return
        }
        #expect(abs(until.timeIntervalSinceNow - 1800) < 60)
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(error?.description.contains("try again after") == true)
        #expect(harness.requestedSleeps.isEmpty)
    }

    @Test("a primary limit whose reset has passed (a clock ahead of GitHub's) waits a minute, never asks at once")
    func primaryResetPassed() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.primaryRateLimit(resetIn: -300), at: "/users/mona", times: 1000)
        let error = await #expect(throws: GitHubDataError.self) {
            try await harness.store { $0.maxWait = .seconds(30) }.owner("mona")
        }
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(harness.statuses() == [403], "one refusal, then the wait the run may not make")
        // Allowed three minutes, it asks again a minute after each refusal, three times, then stops.
        harness.github.clearLog()
        await #expect(throws: GitHubDataError.self) {
            try await harness.store { $0.maxWait = .seconds(200) }.owner("mona")
        }
        #expect(harness.statuses() == [403, 403, 403, 403])
        #expect(harness.requestedSleeps.count == 3)
        #expect(harness.requestedSleeps.allSatisfy { $0 >= .seconds(59) && $0 <= .seconds(62) })
    }

    @Test("a secondary limit's Retry-After is honoured when short, for 403 and 429", arguments: [403, 429])
    func secondaryShort(status: Int) async throws {
        let harness = try LiveHarness()
        harness.github.inject(.secondaryRateLimit(retryAfter: 5, status: status), at: "/users/mona")
        #expect(try await harness.store().owner("mona").login == "mona")
        #expect(harness.requestedSleeps == [.seconds(5)])
        #expect(harness.statuses() == [status, 200])
    }

    @Test("a secondary limit longer than the longest wait ends the run")
    func secondaryLong() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.secondaryRateLimit(retryAfter: 600, status: 403), at: "/users/mona")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(error?.description.contains("secondary rate limit") == true)
    }

    @Test("the run stops asking before the budget is spent: no request ever meets a 403")
    func stopsBeforeSpent() async throws {
        let harness = try LiveHarness(github: FixtureWorld.make(starCount: 450))
        harness.github.setRateLimit(remaining: 3, resetIn: 3600)
        let store = harness.store { $0.concurrency = 1 }
        let error = await #expect(throws: GitHubDataError.self) { try await store.starred(by: "mona") }
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(harness.statuses() == [200, 200, 200])
    }

    @Test("/rate_limit seeds the budget: a spent one fails before any real request")
    func checkRateLimit() async throws {
        let harness = try LiveHarness()
        let status = try #require(try await harness.store().checkRateLimit())
        #expect(status.remaining == 5000 && status.limit == 5000)
        harness.github.setRateLimit(remaining: 0, resetIn: 3000)
        await #expect(throws: GitHubDataError.self) { try await harness.store().checkRateLimit() }
        #expect(harness.github.requests.map(\.path) == ["/rate_limit", "/rate_limit"])
    }

    @Test("401 names the token's variable and never its value")
    func unauthorized() async throws {
        let harness = try LiveHarness()
        let wrong = "ghp_WRONG_token_value_42"
        let error = await #expect(throws: GitHubDataError.self) {
            try await harness.store(token: wrong).owner("mona")
        }
        let message = try #require(error?.description)
        #expect(message.contains("GITHUB_TOKEN"))
        #expect(!message.contains(wrong))
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(harness.github.requests.count == 1)
    }
}
