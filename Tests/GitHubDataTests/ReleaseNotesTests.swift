import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

@Suite("Release notes: GitHub's rendering beside the Markdown, and a cache from before it still builds")
struct ReleaseNotesTests {
    static let knotName = RepoName(owner: "kit-harbor", name: "knot")
    static let html = "<p>Fixes <a href=\"https://github.com/kit-harbor/knot/pull/7\">#7</a>.</p>"

    static func world() -> FakeGitHub {
        let github = FixtureWorld.make()
        github.update("kit-harbor/knot") {
            $0.releases = [.init(id: 2001, tag: "0.9.0", body: "Fixes #7.", bodyHTML: html)]
        }
        return github
    }

    private static func releaseRequests(_ harness: LiveHarness) -> [(request: FakeRequest, status: Int)] {
        harness.github.log.filter { $0.request.path.hasSuffix("/releases") }
    }

    /// A state folder whose cache holds what a version before this one cached: knot's
    /// releases as plain JSON, Markdown only; the server's log cleared.
    private static func formerCache() async throws -> (LiveHarness, GitHubRepo) {
        let harness = try LiveHarness(github: world())
        let live = harness.store()
        let knot = try await live.repository(knotName)
        _ = try await live.api.fetch(
            [Lenient<ReleaseDTO>].self, live.endpoint.releases(knot.name), accept: MediaType.json)
        harness.github.clearLog()
        return (harness, knot)
    }

    @Test("releases are asked for as full+json, and carry GitHub's rendering and the Markdown")
    func asksForTheRendering() async throws {
        let harness = try LiveHarness(github: Self.world())
        let store = harness.store()
        let knot = try await store.repository(Self.knotName)
        let release = try #require(try await store.releases(of: knot, limit: 3).first)
        #expect(release.bodyHTML == Self.html)
        #expect(release.body == "Fixes #7.")
        #expect(Self.releaseRequests(harness).map { $0.request.header("accept") } == [MediaType.fullJSON])
    }

    @Test("releases a version before this one cached (plain JSON, no body_html) still build offline")
    func formerCacheOffline() async throws {
        let (harness, knot) = try await Self.formerCache()

        let offline = try await harness.store { $0.offline = true }.releases(of: knot, limit: 3)
        #expect(offline.map(\.tagName) == ["0.9.0"])
        #expect(offline.first?.body == "Fixes #7.")
        #expect(offline.first?.bodyHTML == nil, "rendered by the site from its Markdown")
        #expect(harness.github.log.isEmpty)
    }

    @Test("online, a release cached only as plain JSON is asked for afresh, without its old validator")
    func formerCacheOnline() async throws {
        let (harness, knot) = try await Self.formerCache()

        let fresh = try await harness.store().releases(of: knot, limit: 3)
        #expect(fresh.first?.bodyHTML == Self.html)
        let asked = Self.releaseRequests(harness)
        #expect(asked.map(\.status) == [200])
        #expect(asked.allSatisfy { $0.request.header("if-none-match") == nil })
        // From now on the rendering is what the cache serves.
        let offline = try await harness.store { $0.offline = true }.releases(of: knot, limit: 3)
        #expect(offline.first?.bodyHTML == Self.html)
    }

    @Test("when GitHub fails, the former copy is served, reported as stale")
    func formerCacheAsLastResort() async throws {
        let (harness, knot) = try await Self.formerCache()
        harness.github.inject(.status(502), at: "/repos/kit-harbor/knot/releases", times: 3)

        let store = harness.store()
        let releases = try await store.releases(of: knot, limit: 3)
        #expect(releases.map(\.tagName) == ["0.9.0"])
        #expect(await store.staleData().contains { $0.resource.contains("/kit-harbor/knot/releases") })
    }
}
