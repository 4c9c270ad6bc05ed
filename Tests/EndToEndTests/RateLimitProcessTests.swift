import FakeGitHubServer
import Foundation
import Testing

/// `max_wait_seconds` as cron meets it (the runs here allow 1 s): a wait the run cannot
/// afford ends it at once with exit 3, naming when to try again.
@Suite struct RateLimitProcessTests {
    @Test(arguments: ["99999999999999999999", "86400"])
    func aRetryAfterBeyondTheAllowanceEndsTheRunAtOnceNamingTheTime(retryAfter: String) throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.inject(
            .raw(
                status: 429, headers: ["Retry-After": retryAfter, "Content-Type": "application/json"],
                body: #"{"message":"You have exceeded a secondary rate limit."}"#),
            at: "/users/mona/starred", times: 10)
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let outcome = try run.build()
        #expect(outcome.status == 3, "\(outcome.standardError)")
        let unit = retryAfter == "86400" ? "(in about 24 hours)" : "days)"
        #expect(
            outcome.standardError.contains("try again after") && outcome.standardError.contains(unit),
            "\(outcome.standardError)")
        #expect(github.requests.filter { $0.path == "/users/mona/starred" }.count == 1, "no retry, no wait")
        #expect(!FileManager.default.fileExists(atPath: run.output.path), "nothing published")
    }
}
