import Entities
import Foundation
import PageModels
import Testing
import UseCases

/// `BuildDigest` over days in sequence, as cron runs it: each run reads the previous
/// snapshot, reports what changed, and its own snapshot is recorded after publishing.
@Suite struct DigestChangesTests {
    static let request = BuildDigest.Request(
        title: "Digest", starredBy: ["mona"],
        favourites: [
            Favourite(name: RepoName(owner: "kit", name: "pinned")),
            Favourite(name: RepoName(owner: "kit", name: "doomed")),
        ]
    ).english

    static func build(_ source: FakeRepositorySource, day: Double, history: any HistoryStore) async throws -> Site {
        let clock = FixedClock(now: Make.epoch.addingTimeInterval(day * Make.day))
        let result = try await BuildDigest(source: source, clock: clock, history: history).build(request)
        // As `BuildPipeline` records: only a run with news.
        if result.hasNews { try await history.record(result.snapshot) }
        return result.site
    }

    @Test func threeDaysOfChanges() async throws {
        let history: any HistoryStore = InMemoryHistory()
        var source = FakeRepositorySource()
        let lantern = Make.repo("lumen/lantern", id: 1, stars: 1_000)
        source.stars["mona"] = [Make.star(lantern, daysAgo: 10)]
        source.repos = [
            "kit/pinned": Make.repo("kit/pinned", id: 2, stars: 50), "kit/doomed": Make.repo("kit/doomed", id: 3),
        ]
        source.releaseLists["lumen/lantern"] = [
            Release(id: 1, tagName: "v1.0", htmlURL: "https://github.com/lumen/lantern/releases/tag/v1.0")
        ]

        let first = try await Self.build(source, day: 0, history: history)
        #expect(first.digest.changes?.summary.hasPrefix("Nothing to compare with yet") == true)
        #expect(first.digest.changes?.items.isEmpty == true)

        // Day 1: a new star, a release, star gains; one favourite deleted on GitHub.
        let feed = Make.repo("kit/feed", id: 4, stars: 10)
        source.stars["mona"] = [
            Make.star(feed, daysAgo: 0), Make.star(Make.repo("lumen/lantern", id: 1, stars: 1_300), daysAgo: 10),
        ]
        source.releaseLists["lumen/lantern"]!.insert(
            Release(id: 2, tagName: "v2.0", htmlURL: "https://github.com/lumen/lantern/releases/tag/v2.0"), at: 0)
        source.repos["kit/doomed"] = nil
        let second = try await Self.build(source, day: 1, history: history)
        let changes = try #require(second.digest.changes)
        #expect(changes.summary == "4 changes since 18 Nov 2026, 11:06 UTC.")
        #expect(changes.items.map(\.kind) == [.release, .starred, .stars, .gone])
        #expect(
            changes.items.map(\.text) == [
                "lumen/lantern v2.0 (was v1.0)", "kit/feed", "lumen/lantern: 1,000 → 1,300 stars (+300, +30.0%)",
                "kit/doomed no longer exists on GitHub",
            ])
        #expect(
            changes.items.map { [$0.around?.before, $0.around?.after] } == [
                ["", " v2.0 (was v1.0)"], ["", ""], ["", ": 1,000 → 1,300 stars (+300, +30.0%)"],
                ["", " no longer exists on GitHub"],
            ], "the text around the name, for a page to link the name alone")
        #expect(changes.items[0].url == "https://github.com/lumen/lantern/releases/tag/v2.0")
        #expect(changes.items[3].route == nil, "a gone repository has no page; the item links to GitHub")
        #expect(
            !second.repositories.contains { $0.card.fullName == "kit/doomed" },
            "a gone favourite does not fail the build")

        let changeEntries = second.feed.filter { $0.kind == .change }
        #expect(
            changeEntries.map(\.title) == [
                "lumen/lantern: 1,000 → 1,300 stars (+300, +30.0%)", "kit/doomed no longer exists on GitHub",
            ]
                || changeEntries.map(\.title) == [
                    "kit/doomed no longer exists on GitHub", "lumen/lantern: 1,000 → 1,300 stars (+300, +30.0%)",
                ])
        #expect(changeEntries.allSatisfy { $0.id.hasPrefix("urn:repodigest:change:") })

        // Day 2: nothing new. Day 1's news stays, as it was told, the feed's entries too.
        let third = try await Self.build(source, day: 2, history: history)
        #expect(third.digest.changes == second.digest.changes)
        #expect(Set(third.feed.filter { $0.kind == .change }) == Set(changeEntries), "dated as day 1 dated them")
        // Day 3: news again, told against day 1, the last run that had some.
        source.stars["mona"]![1].repo.stars = 1_350
        let fourth = try await Self.build(source, day: 3, history: history)
        #expect(fourth.digest.changes?.summary == "1 change since 19 Nov 2026, 11:06 UTC.")
        #expect(fourth.digest.changes?.items.map(\.text) == ["lumen/lantern: 1,300 → 1,350 stars (+50, +3.8%)"])
        // The feeds still tell day 1's changes beside day 3's: a reader who looks once a week
        // misses none of them.
        let fourthEntries = fourth.feed.filter { $0.kind == .change }
        #expect(
            Set(fourthEntries.map(\.title)) == [
                "lumen/lantern: 1,300 → 1,350 stars (+50, +3.8%)", "lumen/lantern: 1,000 → 1,300 stars (+300, +30.0%)",
                "kit/doomed no longer exists on GitHub",
            ])
        #expect(Set(fourthEntries).isSuperset(of: changeEntries), "day 1's entries as day 1 told them")
        #expect(fourthEntries.first?.title == "lumen/lantern: 1,300 → 1,350 stars (+50, +3.8%)", "newest first")
    }

    @Test func withoutHistoryThereIsNoChangesSection() async throws {
        var source = FakeRepositorySource()
        source.repos = ["kit/pinned": Make.repo("kit/pinned", id: 2), "kit/doomed": Make.repo("kit/doomed", id: 3)]
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(Self.request)
        #expect(site.digest.changes == nil)
    }
}
