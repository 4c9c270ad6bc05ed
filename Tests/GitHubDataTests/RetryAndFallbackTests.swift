import Entities
import FakeGitHubServer
import Foundation
import Testing
import UseCases

@testable import GitHubData

@Suite("Retries, and the previous run's data when a source keeps failing")
struct RetryAndFallbackTests {
    static let lantern = RepoName(owner: "lumen-labs", name: "lantern")

    @Test(
        "5xx, slow answers, dropped connections and truncated JSON are retried with backoff",
        arguments: [
            FakeGitHub.Fault.status(502), .status(503), .slow(seconds: 3), .drop, .dropMidBody, .truncatedJSON,
        ])
    func retried(fault: FakeGitHub.Fault) async throws {
        let harness = try LiveHarness()
        harness.github.inject(fault, at: "/repos/lumen-labs/lantern", times: 2)
        let store = harness.store { $0.totalTimeout = .milliseconds(700) }
        #expect(try await store.repository(Self.lantern).stars == 1200)
        #expect(harness.github.requests.count == 3)
        #expect(store.report.retries == 2)
        #expect(harness.requestedSleeps.count == 2)
        #expect(store.report.stale.isEmpty)
    }

    @Test("a truncated body is never cached: the next run does not get a 304 for it")
    func truncatedNotCached() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.truncatedJSON, at: "/repos/lumen-labs/lantern", times: 3)
        await #expect(throws: GitHubDataError.self) { try await harness.store().repository(Self.lantern) }
        #expect(try await harness.store().repository(Self.lantern).stars == 1200)
        #expect(harness.github.requests.last?.header("if-none-match") == nil)
    }

    @Test("still failing after every attempt: the cached copy is served and reported as stale")
    func staleFallback() async throws {
        let harness = try LiveHarness()
        _ = try await harness.store().starred(by: "mona")
        harness.github.inject(.status(502), at: "/users/mona/starred", times: 3)
        let store = harness.store()
        let stars = try await store.starred(by: "mona")
        #expect(stars.count == 5)
        let stale = await store.staleData()
        #expect(stale.count == 1)
        #expect(stale.first?.resource.hasSuffix("/users/mona/starred?per_page=100") == true)
        #expect(stale.first?.reason == "HTTP 502 after 3 attempts")
        #expect(harness.github.log.suffix(3).map(\.status) == [502, 502, 502])
    }

    @Test("a starred list shown from the cache because asking failed is not read whole: none of it taken as unstarred")
    func aStaleStarredListIsNotReadWhole() async throws {
        let harness = try LiveHarness()
        #expect(try await harness.store().starsRead(by: "mona").isComplete)
        // The list may have moved past the cached page since (a new star pushes the last of
        // the first page onto the second): a repository it misses may be starred still.
        harness.github.inject(.status(502), at: "/users/mona/starred", times: 3)
        let store = harness.store()
        let stale = try await store.starsRead(by: "mona")
        #expect(stale.stars.count == 5 && !stale.isComplete)
        #expect(await store.staleData().count == 1)
    }

    @Test(
        "GitHub blocking a cached repository (a 403 that is no rate limit, a 451) leaves it as the last run had it, stale"
    )
    func aRefusalFallsBackToTheCache() async throws {
        let harness = try LiveHarness()
        _ = try await harness.store().repository(Self.lantern)
        for status in [451, 403] {
            harness.github.inject(
                .raw(status: status, headers: [:], body: #"{"message":"Repository access blocked"}"#),
                at: "/repos/lumen-labs/lantern")
            let store = harness.store()
            #expect(try await store.repository(Self.lantern).stars == 1200)
            let reason = await store.staleData().first?.reason ?? ""
            #expect(reason.contains("\(status)") && reason.contains("Repository access blocked"), "\(reason)")
        }
        // Nothing cached: the run stops, naming what GitHub said.
        let fresh = try LiveHarness()
        fresh.github.inject(
            .raw(status: 403, headers: [:], body: #"{"message":"Repository access blocked"}"#),
            at: "/repos/lumen-labs/lantern")
        let error = await #expect(throws: GitHubDataError.self) { try await fresh.store().repository(Self.lantern) }
        #expect(error?.description.contains("forbidden (HTTP 403): Repository access blocked") == true)
    }

    @Test("an empty page that links to another is not the list's end: the list is not read whole, and says so")
    func anEmptyPageThatLinksOnIsNotTheEnd() async throws {
        let harness = try LiveHarness()
        let next = harness.github.baseURL + "/users/mona/starred?per_page=100&page=2"
        harness.github.inject(
            .raw(status: 200, headers: ["Link": "<\(next)>; rel=\"next\""], body: "[]"), at: "/users/mona/starred")
        let store = harness.store()
        #expect(try await store.starsRead(by: "mona").isComplete == false)
        #expect(store.report.dataWarnings.contains { $0.contains("an empty page that links to another") })
    }

    @Test("past max_fetch_seconds nothing more is sent: the cached copy is served as stale, no copy fails the source")
    func pastTheFetchTimeNothingIsSent() async throws {
        let harness = try LiveHarness()
        _ = try await harness.store().starred(by: "mona")
        harness.github.clearLog()
        // No time at all: spent once the store is made.
        let late = harness.store { $0.maxFetch = .zero }
        #expect(try await late.starred(by: "mona").count == 5)
        let stale = await late.staleData()
        #expect(stale.map(\.reason) == ["not asked: the run had spent its max_fetch_seconds (0) asking GitHub"])
        await #expect(throws: GitHubDataError.self) { try await late.owner("kit-harbor") }
        #expect(harness.github.requests.isEmpty)
        // Within the time, asked as ever.
        #expect(try await harness.store { $0.maxFetch = .seconds(100) }.owner("kit-harbor").login == "kit-harbor")
    }

    @Test("a README remembered missing stays missing when asking again fails: what was known, reported as stale")
    func rememberedAbsenceFallback() async throws {
        let harness = try LiveHarness()
        let prism = try await harness.store().repository(RepoName(owner: "lumen-labs", name: "prism"))
        #expect(try await harness.store().readme(of: prism) == nil)
        harness.github.inject(.status(502), at: "/repos/lumen-labs/prism/readme", times: 3)
        let store = harness.store()
        #expect(try await store.readme(of: prism, from: .source) == nil, "no README, as last known: not a failure")
        let stale = await store.staleData()
        #expect(stale.map(\.resource) == ["GET \(harness.github.baseURL)/repos/lumen-labs/prism/readme"])
        #expect(stale.first?.reason == "HTTP 502 after 3 attempts")
        #expect(harness.github.log.suffix(3).map(\.status) == [502, 502, 502])
    }

    /// knot's one release, moved to a second page by a hundred drafts made since it was cached.
    private func knotWithDraftsAhead(_ harness: LiveHarness) {
        harness.github.update("kit-harbor/knot") { repo in
            repo.releases.insert(
                contentsOf: (1...100).map { .init(id: 3000 + Int64($0), tag: "draft-\($0)", isDraft: true) }, at: 0)
        }
    }

    @Test("a later page of releases failing on every try, never cached: the releases as cached before, stale")
    func laterReleasesPageFailingKeepsTheCachedReleases() async throws {
        let harness = try LiveHarness()
        let knot = try await harness.store().repository(RepoName(owner: "kit-harbor", name: "knot"))
        #expect(try await harness.store().releases(of: knot, limit: 3).map(\.tagName) == ["0.9.0"])
        knotWithDraftsAhead(harness)
        // The first page answers (a new one, stored); the second, where the pages after the
        // first move, fails on every try.
        harness.github.inject(.status(502), at: "/repositories/201/releases", times: 3)
        let store = harness.store()
        #expect(try await store.releases(of: knot, limit: 3, from: .source).map(\.tagName) == ["0.9.0"])
        let stale = await store.staleData()
        #expect(stale.count == 1 && stale.first?.fetchedAt != nil, "shown stale, with the notice: \(stale)")
        // Named as the list whose earlier copy is shown, not as the page that failed.
        let named = stale.first?.resource ?? ""
        #expect(named.hasPrefix("GET ") && named.contains("/releases") && !named.contains("page=2"), "\(named)")
        // The cache keeps what the site showed, not a first page whose next page it lacks.
        let offline = harness.store { $0.offline = true }
        #expect(try await offline.releases(of: knot, limit: 3, from: .source).map(\.tagName) == ["0.9.0"])
        #expect(await offline.staleData().isEmpty)
        // GitHub mended: read whole.
        #expect(try await harness.store().releases(of: knot, limit: 3, from: .source).map(\.tagName) == ["0.9.0"])
    }

    @Test("a later page of releases failing, nothing cached before: left out, said, never a part of the list")
    func laterReleasesPageFailingWithNothingCached() async throws {
        let harness = try LiveHarness()
        let knot = try await harness.store().repository(RepoName(owner: "kit-harbor", name: "knot"))
        knotWithDraftsAhead(harness)
        harness.github.inject(.status(502), at: "/repositories/201/releases", times: 3)
        let store = harness.store()
        await #expect(throws: DetailNotFetched.self) { try await store.releases(of: knot, limit: 3, from: .source) }
        let stale = await store.staleData()
        #expect(stale.count == 1 && stale.first?.fetchedAt == nil, "left out, said: \(stale)")
    }

    @Test("still failing with nothing cached: an error naming the resource and the failure")
    func unavailable() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.status(500), at: "/users/mona", times: 3)
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        #expect(
            error
                == .unavailable(
                    resource: "GET \(harness.github.baseURL)/users/mona", cause: .status(500, attempts: 3)))
    }

    @Test("404 and 401 are not retried")
    func notRetried() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.notFound, at: "/users/mona")
        await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        harness.github.inject(.unauthorized, at: "/users/mona")
        await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        #expect(harness.github.requests.count == 2)
    }

    @Test("backoff grows with each attempt, jittered, and never past the cap")
    func backoff() {
        let policy = RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        for attempt in 1...5 {
            let ceiling = min(Duration.milliseconds(100) * (1 << (attempt - 1)), .seconds(1))
            for _ in 0..<50 {
                let delay = policy.delay(after: attempt)
                #expect(delay >= ceiling / 2 && delay <= ceiling)
            }
        }
    }
}
