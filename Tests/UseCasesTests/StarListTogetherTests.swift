import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

/// A Star List filled or deleted at once is one change in the digest and the feeds, naming its
/// repositories, not a line for each.
@Suite struct StarListTogetherTests {
    static func change(_ kind: DigestChange.Kind, _ name: String, id: Int64, stars: Int = 100, day: Double = 1)
        -> DigestChange
    {
        var repo = ComputeChangesTests.snapshot(name, id: id)
        repo.stars = stars
        return DigestChange(kind: kind, repo: repo, noticedAt: ComputeChangesTests.day(day))
    }

    static let databases = ChangesTranslator.ListLink(
        route: Route(.starList(account: "mona", slug: "databases")),
        url: "https://github.com/stars/mona/lists/databases")

    static func translator(lists: [String: ChangesTranslator.ListLink] = ["Databases": databases])
        -> ChangesTranslator
    {
        ChangesTranslator(
            pages: [Route(.repository(owner: "a", name: "two"))], format: .english, lists: lists)
    }

    static let filled = [
        change(.addedToList("Databases"), "a/one", id: 1, stars: 10),
        change(.starGain(from: 10, to: 20), "a/one", id: 1),
        change(.addedToList("Databases"), "a/two", id: 2, stars: 500),
        change(.addedToList("Databases"), "a/three", id: 3, stars: 50),
        change(.addedToList("Tools"), "a/four", id: 4),
        change(.addedToList("Tools"), "a/five", id: 5),
    ]

    @Test("three or more added to one List are one item, the most starred first; two are told apart")
    func toldTogetherInTheDigest() throws {
        let section = Self.translator().section(Changes(outcome: .changes(Self.filled), since: nil))
        #expect(section.summary.hasPrefix("6 changes since"), "every repository's change counts")
        let lists = section.items.filter { $0.kind == .addedToList }
        #expect(
            lists.map(\.text) == [
                "3 repositories were added to the List Databases",
                "a/five was added to the List Tools", "a/four was added to the List Tools",
            ])
        let together = try #require(lists.first)
        #expect(together.members.map(\.name) == ["a/two", "a/three", "a/one"])
        #expect(together.members[0].route == Route(.repository(owner: "a", name: "two")))
        #expect(together.members[1].route == nil && together.members[1].url == "https://github.com/a/three")
        #expect(together.route == Self.databases.route && together.url == Self.databases.url)
        #expect(together.repository == "Databases")
        #expect(
            together.around
                == ChangeItem.Around(before: "3 repositories were added to the List ", after: ""),
            "the List's name is the link")
        #expect(together.id == "list-added-together:\(Int(ComputeChangesTests.day(1).timeIntervalSince1970)):Databases")
    }

    @Test(
        "a List taken from is named, not linked (another of its name may be the one kept); the text's link is the first repository's",
        arguments: [[:], ["Old": databases]])
    func aDeletedList(_ lists: [String: ChangesTranslator.ListLink]) throws {
        let removed = ["a/one", "a/two", "a/three"].enumerated().map { index, name in
            Self.change(.removedFromList("Old"), name, id: Int64(index + 1), stars: 10 * (index + 1))
        }
        let translator = Self.translator(lists: lists)
        let item = try #require(translator.section(Changes(outcome: .changes(removed), since: nil)).items.first)
        #expect(item.text == "3 repositories were removed from the List Old")
        #expect(item.around == nil && item.route == nil && item.url == "https://github.com/a/three")
        let entries = translator.feedEntries(Changes(outcome: .changes(removed), since: nil))
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.title == "3 repositories were removed from the List Old")
        #expect(entry.summary == "a/three, a/two, a/one")
        #expect(entry.url == "https://github.com/a/three")
    }

    @Test("the feeds tell changes together as one entry, and keep them whole for later runs' feeds")
    func oneFeedEntryKeptWhole() throws {
        let entries = Self.translator().feedEntries(Changes(outcome: .changes(Self.filled), since: nil))
        #expect(entries.filter { $0.title.contains("Databases") }.count == 1)
        #expect(entries.count == 4, "\(entries.map(\.title))")
        let together = try #require(entries.first { $0.title.contains("Databases") })
        #expect(together.route == Self.databases.route)
        #expect(together.url == Self.databases.url)
        // A feed's worth, in the order of the changes' ids: the three added together count as
        // one entry, kept whole, then the first of Tools'.
        let kept = ChangesTranslator.keptForFeeds(Self.filled, limit: 2)
        #expect(kept.map(\.repo.name.description) == ["a/one", "a/two", "a/three", "a/four"])
        #expect(ChangesTranslator.told(kept).count == 2)
    }

    @Test("changes of two runs are not told together, nor of two Lists, nor added with taken out")
    func onlyOneRunsOneListsOneKind() {
        let mixed = [
            Self.change(.addedToList("Databases"), "a/one", id: 1, day: 1),
            Self.change(.addedToList("Databases"), "a/two", id: 2, day: 1),
            Self.change(.addedToList("Databases"), "a/three", id: 3, day: 2),
            Self.change(.removedFromList("Databases"), "a/four", id: 4, day: 1),
            Self.change(.addedToList("Tools"), "a/five", id: 5, day: 1),
        ]
        #expect(ChangesTranslator.told(mixed).map(\.count) == [1, 1, 1, 1, 1])
    }

    @Test("a name two Lists share is never told together, nor linked: the news names a List by name alone")
    func sharedNamesStayApart() {
        let added = ChangesTranslator.markingApart(
            (1...4).map { Self.change(.addedToList("Favourites"), "a/r\($0)", id: Int64($0)) }, shared: ["Favourites"])
        #expect(added.allSatisfy { $0.toldApart })
        let items = Self.translator(lists: [:]).section(Changes(outcome: .changes(added), since: nil)).items
        #expect(items.count == 4 && items.allSatisfy(\.members.isEmpty))
        #expect(ChangesTranslator.keptForFeeds(added, limit: 2).count == 2)
        #expect(
            SiteTranslator.sharedNames(of: [
                StarList(account: "mona", name: "Favourites", slug: "f"),
                StarList(account: "octocat", name: "Favourites", slug: "f"),
                StarList(account: "mona", name: "Go", slug: "go"),
            ]) == ["Favourites"])
    }

    /// mona's List "Favourites" holding the first three of `repos`, octocat's of that name the fourth.
    static func namesakes(_ repos: [GitHubRepo]) -> FakeRepositorySource {
        var source = FakeRepositorySource()
        source.lists["mona"] = [
            StarList(account: "mona", id: "L1", name: "Favourites", slug: "f", repositories: Array(repos[0..<3]))
        ]
        source.lists["octocat"] = [
            StarList(account: "octocat", id: "L9", name: "Favourites", slug: "f", repositories: [repos[3]])
        ]
        return source
    }

    /// One build `day` days after the epoch, recorded in `history` when it has news.
    static func run(
        _ source: FakeRepositorySource, listsOf: [String], day: Double, history: InMemoryHistory
    ) async throws -> BuildDigest.Result {
        let result = try await BuildDigest(
            source: source, clock: FixedClock(now: Make.epoch.addingTimeInterval(day * Make.day)), history: history
        ).build(BuildDigest.Request(title: "T", listsOf: listsOf).english)
        if result.hasNews { await history.record(result.snapshot) }
        return result
    }

    @Test("a List deleted while another account's of its name stays is told repository by repository")
    func aDeletedNamesake() async throws {
        let history = InMemoryHistory()
        var source = Self.namesakes((1...4).map { Make.repo("o/r\($0)", id: Int64($0)) })
        _ = try await Self.run(source, listsOf: ["mona", "octocat"], day: 0, history: history)
        source.lists["mona"] = []
        let site = try await Self.run(source, listsOf: ["mona", "octocat"], day: 1, history: history).site
        let removed = site.digest.changes?.items.filter { $0.kind == .removedFromList } ?? []
        #expect(removed.count == 3 && removed.allSatisfy(\.members.isEmpty), "\(removed.map(\.text))")
        #expect(removed.allSatisfy { $0.route == nil }, "never linked to octocat's List of that name")
    }

    @Test(
        "a later run's feeds tell an earlier run's List news as that run did, though the names it shares have changed")
    func laterFeedsTellItTheSameWay() async throws {
        let history = InMemoryHistory()
        let repos = (1...5).map { Make.repo("o/r\($0)", id: Int64($0)) }
        var source = Self.namesakes(repos)
        _ = try await Self.run(source, listsOf: ["mona", "octocat"], day: 0, history: history)
        source.lists["mona"] = []
        let deleted = try await Self.run(source, listsOf: ["mona", "octocat"], day: 1, history: history)
        let told = deleted.site.feed.filter { $0.title.contains("removed from the List Favourites") }.map(\.id)
        #expect(told.count == 3)
        // The next run: the name no longer shared (nor in the runs it compares), and other news.
        source.lists["octocat"]![0].repositories.append(repos[4])
        let later = try await Self.run(source, listsOf: ["mona", "octocat"], day: 2, history: history)
        #expect(later.hasNews)
        #expect(later.site.feed.filter { $0.title.contains("removed from the List Favourites") }.map(\.id) == told)
    }

    @Test("a List filled in one run is one entry of the later runs' feeds too, whole, however many it holds")
    func laterFeedsKeepTheWhole() async throws {
        let history = InMemoryHistory()
        let lantern = StarListPagesTests.lantern
        var source = FakeRepositorySource()
        source.lists["mona"] = [StarList(account: "mona", name: "Big", slug: "big", repositories: [lantern])]
        _ = try await Self.run(source, listsOf: ["mona"], day: 0, history: history)
        source.lists["mona"]![0].repositories += (2...61).map { Make.repo("o/r\($0)", id: Int64($0)) }
        let filled = try await Self.run(source, listsOf: ["mona"], day: 1, history: history)
        #expect(filled.snapshot.news.count == 60, "kept whole, past a feed's fifty entries")
        let later = try await Self.run(source, listsOf: ["mona"], day: 2, history: history)
        #expect(!later.hasNews)
        let entries = later.site.feed.filter { $0.title.contains("the List Big") }
        #expect(entries.map(\.title) == ["60 repositories were added to the List Big"])
        #expect(entries.first?.summary?.components(separatedBy: ", ").count == 60)
    }

    @Test("a List filled between two builds is one line of the built digest, linking its page")
    func builtDigest() async throws {
        let history = InMemoryHistory()
        var source = StarListPagesTests.source
        source.lists["mona"]![0].repositories = []
        let request = BuildDigest.Request(title: "T", includePrivate: true, listsOf: ["mona"]).english
        await history.record(
            try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch), history: history).build(request)
                .snapshot)
        let site = try await BuildDigest(
            source: StarListPagesTests.source, clock: FixedClock(now: Make.epoch.addingTimeInterval(Make.day)),
            history: history)(request)
        let items = site.digest.changes?.items.filter { $0.kind == .addedToList } ?? []
        #expect(items.map(\.text) == ["3 repositories were added to the List Lights"])
        #expect(items.first?.route == Route(.starList(account: "mona", slug: "lights")))
        #expect(items.first?.url == "https://github.com/stars/mona/lists/lights")
        #expect(items.first?.members.map(\.name) == ["lumen-labs/lantern", "kit-harbor/knot", "mona/diary"])
    }
}
