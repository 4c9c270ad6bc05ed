import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

@Suite struct FeedTranslatorTests {
    typealias F = StarredFixture

    static func release(_ tag: String, id: Int64, daysAgo: Double?, url: String? = nil, draft: Bool = false) -> Release
    {
        Release(
            id: id, tagName: tag, name: nil, body: "Notes for \(tag)",
            htmlURL: url ?? "https://github.com/a/swift-low/releases/tag/\(tag)",
            publishedAt: daysAgo.map { F.epoch.addingTimeInterval(-$0 * 86_400) }, isDraft: draft)
    }

    func entries(limit: Int = 50, renamed: Bool = false) -> [FeedEntry] {
        var repo = F.stars[0].repo
        var stars = F.stars
        if renamed {
            repo.name = RepoName(owner: "new-owner", name: "swift-lower")
            stars[0].repo = repo
        }
        let detail = RepositoryDetail(
            repo: repo,
            releases: [
                Self.release("v2.0", id: 1, daysAgo: 0.5), Self.release("v1.9", id: 2, daysAgo: 2.5),
                Self.release("v3-draft", id: 3, daysAgo: 0, draft: true), Self.release("v0", id: 4, daysAgo: nil),
                Self.release("v1 beta/2", id: 5, daysAgo: 10, url: "javascript:alert(1)"),
            ],
            readme: nil)
        return FeedTranslator(cards: RepoCardTranslator(favourites: [], format: .english), limit: limit)
            .entries(stars: stars, details: [detail])
    }

    @Test func starsAndReleasesNewestFirstWithoutDraftsOrUndatedOnes() {
        #expect(
            entries().map(\.title) == [
                "a/swift-low v2.0", "Starred a/swift-low", "Starred b/rust-high", "a/swift-low v1.9",
                "Starred c/none", "a/swift-low v1 beta/2",
            ])
    }

    @Test("ids are GitHub's numbers for the repository with the star's time or the release's tag: a rename keeps them")
    func idsAreStableAcrossRenames() {
        let ids = entries().map(\.id)
        let repo = F.stars[0].repo.id.rawValue
        let starred = Int(F.stars[0].starredAt!.timeIntervalSince1970)
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("urn:repodigest:star:\(repo):\(starred)"))
        #expect(ids.contains("urn:repodigest:release:\(repo):v2.0"))
        #expect(ids.contains("urn:repodigest:release:\(repo):v1%20beta/2"), "what an IRI may not hold, encoded")
        #expect(entries().map(\.id) == ids, "the same data gives the same ids")
        #expect(entries(renamed: true).map(\.id) == ids, "a renamed or transferred repository keeps its entries")
    }

    @Test func releaseEntriesCarryTheirNotesAndStarsTheirDescription() {
        let all = entries()
        let release = all.first { $0.kind == .release }
        #expect(release?.content?.source == "Notes for v2.0")
        #expect(release?.dateISO == "2026-11-17T23:06:40Z")
        #expect(release?.route == Route(.repository(owner: "a", name: "swift-low")))
        #expect(all.first { $0.kind == .starred }?.content == nil)
    }

    @Test func theFeedKeepsTheNewestUpToItsLimit() {
        #expect(entries(limit: 2).map(\.title) == ["a/swift-low v2.0", "Starred a/swift-low"])
        #expect(entries(limit: 0).isEmpty)
        #expect(entries(limit: 100).count == 6)
    }

    @Test("entries as new as the last one kept are ordered by id, whatever order they came in")
    func tiesAtTheLimitAreSettledByID() {
        let names = ["x/d", "x/b", "x/e", "x/a", "x/c"]
        let stars = names.enumerated().map { Make.star(Make.repo($1, id: Int64($0 + 1)), daysAgo: 1) }
        let newer = Make.star(Make.repo("x/z", id: 9), daysAgo: 0.5)
        let feed = FeedTranslator(cards: RepoCardTranslator(favourites: [], format: .english), limit: 3)
        #expect(
            feed.entries(stars: stars + [newer], details: []).map(\.repository) == ["x/z", "x/d", "x/b"])
        #expect(
            feed.entries(stars: [newer] + stars.reversed(), details: []).map(\.repository) == ["x/z", "x/d", "x/b"])
    }

    @Test("a star or release dated more than a day after the run is left out, not heading the feed for ever")
    func farFutureDatesAreLeftOut() {
        let soon = Make.star(Make.repo("x/soon", id: 1), daysAgo: -0.5)
        let never = Make.star(Make.repo("x/never", id: 2), daysAgo: -400)
        let feed = FeedTranslator(cards: RepoCardTranslator(favourites: [], format: .english), now: Make.epoch)
        #expect(feed.entries(stars: [soon, never], details: []).map(\.repository) == ["x/soon"])
    }
}
