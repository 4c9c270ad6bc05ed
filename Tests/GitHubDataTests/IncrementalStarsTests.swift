import Entities
import FakeGitHubServer
import Foundation
@testable import GitHubData
import Testing
import UseCases

/// A repeat run asks for the first page of stars only, and takes the older pages it already
/// holds from the cache.
@Suite struct IncrementalStarsTests {
    @Test func aRepeatRunAsksForOnePageAndSaysItsReadIsIncomplete() async throws {
        let harness = try LiveHarness(github: FixtureWorld.make(starCount: 230))
        let first = try await harness.store().starred(by: "mona", known: [])
        #expect(first.isComplete)
        #expect(first.stars.count == 232)
        let starredPages = { harness.github.requests.filter { $0.path.hasPrefix("/users/mona/starred") }.count }
        #expect(starredPages() == 3)

        harness.github.clearLog()
        let store = harness.store()
        let known = Set(first.stars.map(\.repo.id))
        let second = try await store.starred(by: "mona", known: known)
        #expect(starredPages() == 1, "only the first page is asked for")
        #expect(harness.github.log.allSatisfy { $0.status == 304 || !$0.request.path.hasPrefix("/users/mona/starred") })
        #expect(store.report.servedKnownFromCache == 2)
        #expect(!second.isComplete)
        #expect(second.stars == first.stars, "the same list, the older pages from the cache")

        harness.github.clearLog()
        let full = try await harness.store().starred(by: "mona", known: [])
        #expect(full.isComplete && starredPages() == 3, "a full read asks for every page, conditionally")
    }

    @Test func aNewStarOnTopIsFoundAndTheRestComesFromTheCache() async throws {
        let harness = try LiveHarness(github: FixtureWorld.make(starCount: 150))
        let first = try await harness.store().starred(by: "mona", known: [])
        harness.github.star("lumen-labs/prism", by: "mona", at: "2026-11-21T08:00:00Z")
        harness.github.clearLog()
        let second = try await harness.store().starred(by: "mona", known: Set(first.stars.map(\.repo.id)))
        #expect(second.stars.first?.repo.name.description == "lumen-labs/prism")
        #expect(harness.github.requests.filter { $0.path.hasPrefix("/users/mona/starred") }.count == 1)
        // The new star pushed the last of page 1 onto page 2, whose cached copy predates it:
        // every star the first read had must still be there, once.
        let ids = second.stars.map(\.repo.id)
        #expect(Set(ids).isSuperset(of: first.stars.map(\.repo.id)), "no star lost at a page boundary")
        #expect(Set(ids).count == ids.count, "and none twice")
    }
}
