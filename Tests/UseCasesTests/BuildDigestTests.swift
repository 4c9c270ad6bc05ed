import Entities
import PageModels
import Testing
import UseCases

@Suite struct BuildDigestTests {
    /// mona starred three repositories; `lumen` is an organisation with two; one favourite is
    /// also starred, one is not; one saved search.
    static func world() -> FakeRepositorySource {
        var source = FakeRepositorySource()
        let parser = Make.repo("lumen/parser", id: 1, stars: 1_500, language: "Swift", topics: ["parsing", "cli"])
        let feed = Make.repo("kit/feed", id: 2, stars: 40, language: "Rust", topics: ["rss"], pushedDaysAgo: 9)
        let old = Make.repo("zed/old", id: 3, stars: 7, language: nil, archived: true)
        let hidden = Make.repo("lumen/secret", id: 4, isPrivate: true)
        let pinned = Make.repo("solo/pinned", id: 5, stars: 99_000, language: "Go")
        source.stars["mona"] = [
            Make.star(parser, daysAgo: 0), Make.star(feed, daysAgo: 2), Make.star(old, daysAgo: 400),
        ]
        source.owners["lumen"] = Make.owner("lumen", kind: .organization)
        source.ownedRepos["lumen"] = [parser, hidden]
        source.repos = ["kit/feed": feed, "solo/pinned": pinned]
        source.searchResults["language:swift"] = [parser, hidden, pinned]
        source.releaseLists["lumen/parser"] = [
            Release(
                id: 10, tagName: "v2.0.0", name: "", body: "**Big** release",
                htmlURL: "https://github.com/lumen/parser/releases/tag/v2.0.0", publishedAt: Make.epoch),
            Release(id: 9, tagName: "v2.0.0-draft", htmlURL: "https://example.org/draft", isDraft: true),
        ]
        source.readmes["lumen/parser"] = Readme(
            path: "docs/README.md", markdown: "# Parser",
            htmlURL: "https://github.com/lumen/parser/blob/main/docs/README.md",
            downloadURL: "https://raw.githubusercontent.com/lumen/parser/main/docs/README.md")
        return source
    }

    static let request = BuildDigest.Request(
        title: "Digest", starredBy: ["mona"],
        favourites: [
            Favourite(name: RepoName(owner: "kit", name: "feed")),
            Favourite(name: RepoName(owner: "solo", name: "pinned")),
        ],
        owners: ["lumen"], searches: [SavedSearch(name: "Swift", query: "language:swift", limit: 2)], pageSize: 2
    ).english

    func build(_ source: FakeRepositorySource = world()) async throws -> Site {
        try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(Self.request)
    }

    @Test func everyRepositoryShownGetsOnePageAndPrivateOnesNone() async throws {
        let site = try await build()
        #expect(site.repositories.map(\.card.fullName) == ["lumen/parser", "kit/feed", "zed/old", "solo/pinned"])
    }

    @Test func longListsArePaginatedWithLinksBothWays() async throws {
        let starred = try await build().listPages.filter { $0.route.kind == .starred }
        #expect(starred.map(\.route.page) == [1, 2])
        #expect(
            starred[0].pagination == Pagination(page: 1, pageCount: 2, previous: nil, next: Route(.starred, page: 2)))
        #expect(starred[1].pagination?.previous == Route(.starred, page: 1))
        #expect(starred[0].cards.map(\.fullName) == ["lumen/parser", "kit/feed"], "newest star first")
        #expect(starred[0].cards[0].starredText == "Starred 18 Nov 2026")
    }

    @Test("the site follows the releases of the starred and the favourites, each once, not an owner's others")
    func followedAreTheStarredAndTheFavourites() async throws {
        var source = Self.world()
        source.ownedRepos["lumen"]?.append(Make.repo("lumen/only-owned", id: 6))
        let site = try await build(source)
        #expect(site.repositories.contains { $0.card.fullName == "lumen/only-owned" })
        #expect(site.followed.map(\.fullName) == ["kit/feed", "lumen/parser", "solo/pinned", "zed/old"])
        #expect(site.followed[0].gitHubURL == "https://github.com/kit/feed")
    }

    @Test func favouritesAreBadgedEverywhereTheyAppear() async throws {
        let site = try await build()
        // …except under "Favourites", where a badge on every card would say nothing.
        let cards =
            site.listPages.filter { $0.route.kind != .favourites }.flatMap(\.cards)
            + site.digest.sections.filter { $0.title != "Favourites" }.flatMap(\.cards) + site.repositories.map(\.card)
        for card in cards {
            let isFavourite = ["kit/feed", "solo/pinned"].contains(card.fullName)
            #expect(card.badges.contains(.favourite) == isFavourite, "\(card.fullName)")
        }
        #expect(site.repositories.first { $0.card.fullName == "zed/old" }?.card.badges == [.archived])
        let underFavourites =
            site.listPages.filter { $0.route.kind == .favourites }.flatMap(\.cards)
            + site.digest.sections.filter { $0.title == "Favourites" }.flatMap(\.cards)
        #expect(!underFavourites.isEmpty && underFavourites.allSatisfy { !$0.badges.contains(.favourite) })
    }

    @Test func languagesAndTopicsGetListsMostStarsFirst() async throws {
        let site = try await build()
        let kinds = Set(site.listPages.map(\.route.kind))
        #expect(
            kinds.isSuperset(of: [
                .language(name: "Swift"), .language(name: "Rust"), .language(name: "Go"), .topic(name: "cli"),
                .topic(name: "rss"),
            ]))
        #expect(site.digest.languages.first?.count == 1)
        #expect(
            site.listPages.first { $0.route.kind == .topic(name: "cli") }?.gitHubURL
                == "https://github.com/topics/cli", "a topic's page links the topic on GitHub")
        let colors = Dictionary(uniqueKeysWithValues: site.digest.languages.map { ($0.title, $0.color) })
        #expect(colors["Swift"] == "#f05138" && colors["Go"] == "#00add8", "in the colours of the languages' dots")
        let searches = site.listPages.filter { $0.route.kind == .search(name: "Swift") }
        #expect(
            searches.flatMap(\.cards).map(\.fullName) == ["lumen/parser", "solo/pinned"], "private left out, limit kept"
        )
    }

    @Test func repositoryPageCarriesReleasesReadmeAndSafeLinks() async throws {
        let page = try #require(try await build().repositories.first { $0.card.fullName == "lumen/parser" })
        #expect(page.releases.map(\.title) == ["v2.0.0"], "drafts hidden, empty names fall back to the tag")
        #expect(page.releases.first?.notes?.source == "**Big** release")
        #expect(page.readme?.linkBase == "https://github.com/lumen/parser/blob/main/docs/")
        #expect(page.readme?.imageBase == "https://github.com/lumen/parser/raw/main/docs/")
        #expect(page.readme?.rootLinkBase == "https://github.com/lumen/parser/blob/main/", "/a.md: from the root")
        #expect(page.readme?.rootImageBase == "https://github.com/lumen/parser/raw/main/")
        #expect(page.owner?.route == Route(.owner(login: "lumen")), "lumen has a page of its own")
        let feed = try #require(try await build().repositories.first { $0.card.fullName == "kit/feed" })
        #expect(feed.owner == nil, "kit has no page: the site links to GitHub instead")
        #expect(feed.ownerGitHubURL == "https://github.com/kit")
    }

    @Test func theDigestLeadsWithRecentStarsAndFavourites() async throws {
        let digest = try await build().digest
        #expect(digest.sections.map(\.title) == ["Recently starred", "Favourites", "Recently pushed"])
        #expect(digest.summary.hasPrefix("4 repositories: starred by mona, 2 favourites, 1 owner, 1 saved search"))
    }

    @Test("no configured source: the count alone, no dangling 'from'")
    func noSourceSaysTheCountAlone() async throws {
        let site = try await BuildDigest(source: Self.world(), clock: FixedClock(now: Make.epoch))(
            BuildDigest.Request(title: "Empty").english)
        #expect(site.digest.summary == "0 repositories")
    }

    @Test func aFailingSourceFailsTheBuildNamingTheStep() async {
        var source = Self.world()
        source.failing = ["readme:kit/feed"]
        await #expect {
            _ = try await build(source)
        } throws: { error in
            "\(error)".contains("loading the details of kit/feed")
        }
    }
}

@Suite struct RenamedRepositoryTests {
    /// A repository renamed between two answers arrives twice with one id: it gets one page,
    /// and every card of it, in any list, links to that page.
    @Test func oneIdOnePageEveryLinkLeadsThere() async throws {
        var source = FakeRepositorySource()
        let before = Make.repo("lumen/old-name", id: 7)
        let after = Make.repo("lumen/new-name", id: 7)
        source.stars["mona"] = [Make.star(before, daysAgo: 1)]
        source.owners["lumen"] = Make.owner("lumen")
        source.ownedRepos["lumen"] = [after]
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(
            BuildDigest.Request(title: "T", starredBy: ["mona"], owners: ["lumen"]).english)
        #expect(site.repositories.map(\.card.fullName) == ["lumen/old-name"])
        let routes = Set(site.listPages.flatMap(\.cards).map(\.route))
        #expect(routes == [site.repositories[0].card.route])
    }

    /// A repository deleted and made again arrives with its old id from a source kept from
    /// an earlier run: one page, the newer repository's, which every card leads to.
    @Test func oneNameTwoIdsOnePageTheNewerRepositorys() async throws {
        var source = FakeRepositorySource()
        var old = Make.repo("lumen/lantern", id: 7, stars: 900)
        old.createdAt = Make.epoch.addingTimeInterval(-400 * 86_400)
        var new = Make.repo("lumen/lantern", id: 8, stars: 3)
        new.createdAt = Make.epoch.addingTimeInterval(-2 * 86_400)
        source.stars["mona"] = [Make.star(old, daysAgo: 1)]
        source.owners["lumen"] = Make.owner("lumen")
        source.ownedRepos["lumen"] = [new]
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(
            BuildDigest.Request(title: "T", starredBy: ["mona"], owners: ["lumen"]).english)
        #expect(site.repositories.map(\.card.stars) == [3])
        let cards = site.listPages.flatMap(\.cards)
        #expect(Set(cards.map(\.route)) == [site.repositories[0].card.route])
        #expect(cards.allSatisfy { $0.stars == 3 }, "the star of the older id shows the repository kept")
        #expect(site.repositories[0].card.starredText != nil, "and it is starred")
    }
}
