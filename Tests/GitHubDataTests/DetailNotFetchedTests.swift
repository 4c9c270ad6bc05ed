import Entities
import FakeGitHubServer
import Foundation
import PageModels
import Testing
import UseCases

@testable import GitHubData

/// A repository's releases or README that GitHub will not give, with nothing kept: shown as
/// not known, never stopping the run, never turned into false news or lost news. (The cases
/// a review of the first version found.)
@Suite("Details not fetched")
struct DetailNotFetchedTests {
    typealias FixedClock = LiveBuildTests.FixedClock
    static let request = LiveBuildTests.request

    /// Answers 502 to every request for GitHub's HTML rendering of a README; the rest as asked.
    struct RenderingFails: HTTPClient {
        let inner: any HTTPClient
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.url.hasSuffix("/readme"), request.headers["Accept"]?.contains("html") == true {
                return HTTPResponse(status: 502, url: request.url)
            }
            return try await inner.send(request)
        }
    }

    /// Builds `hours` after the fixed clock, recording the run as the pipeline does: only a run
    /// with news is recorded.
    static func runner(_ harness: LiveHarness) throws -> @Sendable (Double) async throws -> BuildDigest.Result {
        let state = try StateStores(folder: harness.stateDirectory) { _ in }
        return { hours in
            let clock = FixedClock(now: FixedClock().now.addingTimeInterval(hours * 3600))
            let result = try await BuildDigest(source: harness.store(), clock: clock, history: state.history).build(
                Self.request)
            if result.hasNews { try await state.history.record(result.snapshot) }
            return result
        }
    }

    @Test("a release published after the run that could not fetch the releases is news, even runs later")
    func releaseAfterUnknownIsNews() async throws {
        let harness = try LiveHarness()
        let run = try Self.runner(harness)
        _ = try await run(0)
        harness.github.add(
            .init(id: 9_001, owner: "kit-harbor", name: "brand-new", releases: [.init(id: 77, tag: "v1.0.0")]))
        harness.github.star("kit-harbor/brand-new", by: "mona", at: "2026-11-22T09:00:00Z")
        harness.github.inject(.status(502), at: "/repos/kit-harbor/brand-new/releases", times: 50)
        #expect(try await run(1).hasNews)  // starred
        harness.github.clearFaults()
        // v1.0.0 was published before: no news, and the run is not recorded.
        #expect(try await !run(2).hasNews)
        harness.github.update("kit-harbor/brand-new") {
            $0.releases.insert(.init(id: 78, tag: "v2.0.0", publishedAt: "2026-11-25T00:00:00Z"), at: 0)
            $0.pushedAt = "2026-11-25T00:00:00Z"
        }
        let fourth = try await run(3)
        let changes = try #require(fourth.site.digest.changes)
        #expect(changes.items.map(\.kind) == [.release], "\(changes.items)")
        #expect(changes.items.first?.text.contains("v2.0.0") == true, "\(changes.items)")
    }

    @Test("a release published while the releases stayed unknown over two recorded runs is news once fetched")
    func releaseWhileUnknownOverRecordedRuns() async throws {
        let harness = try LiveHarness()
        let run = try Self.runner(harness)
        func iso(_ hours: Double) -> String { FixedClock().now.addingTimeInterval(hours * 3600).formatted(.iso8601) }
        _ = try await run(0)
        harness.github.add(
            .init(id: 9_001, owner: "kit-harbor", name: "brand-new", releases: [.init(id: 77, tag: "v1.0.0")]))
        harness.github.star("kit-harbor/brand-new", by: "mona", at: iso(0.5))
        harness.github.inject(.status(502), at: "/repos/kit-harbor/brand-new/releases", times: 500)
        #expect(try await run(1).hasNews)  // starred; its releases not known since this run
        harness.github.update("kit-harbor/brand-new") {
            $0.releases.insert(.init(id: 78, tag: "v2.0.0", publishedAt: iso(1.5)), at: 0)
            $0.pushedAt = iso(1.5)
        }
        // Other news, so this run is recorded too; the releases still fail.
        harness.github.add(.init(id: 9_003, owner: "kit-harbor", name: "other"))
        harness.github.star("kit-harbor/other", by: "mona", at: iso(1.8))
        #expect(try await run(2).hasNews)
        harness.github.clearFaults()
        let third = try await run(3)
        #expect(third.site.digest.changes?.items.map(\.kind) == [.release])
    }

    @Test(
        "a new README in another markup whose rendering fails: not known in this run and the next, never stopping either"
    )
    func renderingFails() async throws {
        let harness = try LiveHarness()
        _ = try await BuildDigest(source: harness.store(), clock: FixedClock())(Self.request)
        var repo = FakeGitHub.Repo(id: 9_002, owner: "kit-harbor", name: "rst", readme: "Title\n=====\n")
        repo.readmePath = "README.rst"
        repo.readmeHTML = "<h1>Title</h1>"
        harness.github.add(repo)
        harness.github.star("kit-harbor/rst", by: "mona", at: "2026-11-22T09:00:00Z")
        for _ in 1...2 {
            let live = harness.store()
            let store = GitHubDataStore(
                client: RenderingFails(inner: live.api.client), cache: live.api.cache,
                options: harness.configuration(), sleep: { _ in })
            let result = try await BuildDigest(source: store, clock: FixedClock()).build(
                Self.request, readmes: .streamed)
            let index = try #require(result.site.repositories.firstIndex { $0.card.fullName == "kit-harbor/rst" })
            #expect(!result.site.repositories[index].readmeKnown)
            #expect(result.site.notices.contains { $0.text.contains("/repos/kit-harbor/rst/readme") })
            for try await batch in try #require(result.readmes).batches(for: result.site, pages: [index]) {
                #expect(batch.readmes == [nil])
            }
        }
    }

    @Test("a README kept without its rendering, read offline: not fetched, and the README stays kept")
    func offlineKeepsTheReadme() async throws {
        let harness = try LiveHarness()
        var made = FakeGitHub.Repo(id: 9_002, owner: "kit-harbor", name: "rst", readme: "Title\n=====\n")
        made.readmePath = "README.rst"
        made.readmeHTML = "<h1>Title</h1>"
        harness.github.add(made)
        let repo = try await harness.store().repository(RepoName(owner: "kit-harbor", name: "rst"))
        let online = harness.store()
        _ = try await online.readme(of: repo, from: .source)
        let url = harness.github.baseURL + "/repos/kit-harbor/rst/readme"
        // A cache from before renderings were kept, or one pruned.
        await online.api.cache?.remove(CachedResponse.key(url: url, accept: MediaType.html))
        await #expect(throws: DetailNotFetched.self) {
            try await harness.store { $0.offline = true }.readme(of: repo, from: .kept)
        }
        #expect(await online.api.cache?.entry(for: CachedResponse.key(url: url, accept: MediaType.json)) != nil)
    }

    @Test("without a cache, a README failing when its page is made is not known there, and stops nothing")
    func noCache() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.status(502), at: "/repos/lumen-labs/lantern/readme", times: 50)
        let result = try await BuildDigest(source: harness.store { $0.stateDirectory = nil }, clock: FixedClock())
            .build(Self.request, readmes: .streamed)
        let index = try #require(result.site.repositories.firstIndex { $0.card.fullName == "lumen-labs/lantern" })
        // And one with no README: none, not "not fetched".
        let none = try #require(result.site.repositories.firstIndex { $0.card.fullName == "lumen-labs/prism" })
        var batches: [ReadmeBatch] = []
        for try await batch in try #require(result.readmes).batches(for: result.site, pages: [index, none]) {
            batches.append(batch)
        }
        #expect(batches == [ReadmeBatch(pages: [index, none], readmes: [nil, nil], notFetched: [index])])
    }

    @Test("a README remembered as none, then refused (451, 403): still none, from the copy, with its date")
    func rememberedNoneThenRefused() async throws {
        for status in [451, 403] {
            let harness = try LiveHarness()
            _ = try await BuildDigest(source: harness.store(), clock: FixedClock())(Self.request)
            harness.github.update("lumen-labs/prism") { $0.pushedAt = "2026-11-20T10:00:00Z" }
            harness.github.inject(.status(status), at: "/repos/lumen-labs/prism/readme", times: 50)
            let store = harness.store()
            let site = try await BuildDigest(source: store, clock: FixedClock())(Self.request)
            let page = try #require(site.repositories.first { $0.card.fullName == "lumen-labs/prism" })
            #expect(page.readmeKnown && page.readme == nil)
            let stale = await store.staleData()
            #expect(stale.count == 1 && stale.allSatisfy { $0.fetchedAt != nil }, "\(status): \(stale)")
        }
    }
}
