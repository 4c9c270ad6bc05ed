import Entities
import Foundation
import PageModels
import SiteRenderer
import Testing
import UseCases

/// `lists_of`: each Star List a paginated list page with its description, in the navigation;
/// private Lists and private repositories only with `include_private`.
@Suite struct StarListPagesTests {
    static let lantern = Make.repo("lumen-labs/lantern", id: 1, stars: 1200)
    static let diary = Make.repo("mona/diary", id: 2, isPrivate: true)
    static let knot = Make.repo("kit-harbor/knot", id: 3)

    static var source: FakeRepositorySource {
        var source = FakeRepositorySource()
        source.lists["mona"] = [
            StarList(
                account: "mona", name: "Lights", slug: "lights", description: "Things that glow",
                repositories: [lantern, diary, knot]),
            StarList(account: "mona", name: "Secret", slug: "secret", isPrivate: true, repositories: [knot]),
        ]
        return source
    }

    static func site(includePrivate: Bool, pageSize: Int = 30) async throws -> Site {
        try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(
            BuildDigest.Request(title: "T", pageSize: pageSize, includePrivate: includePrivate, listsOf: ["mona"])
                .english)
    }

    @Test("every public List gets a page with its description and repositories, linked from the navigation")
    func aPagePerList() async throws {
        let site = try await Self.site(includePrivate: false)
        let route = Route(.starList(account: "mona", slug: "lights"))
        let page = try #require(site.listPages.first { $0.route == route })
        #expect(page.title == "Lights")
        #expect(page.summary == "List · Things that glow · 2 repositories")
        #expect(
            page.cards.map(\.fullName) == ["lumen-labs/lantern", "kit-harbor/knot"],
            "the private repository is left out")
        #expect(page.gitHubURL == "https://github.com/stars/mona/lists/lights")
        #expect(site.navigation.contains(PageLink(title: "Lights", route: route)))
        #expect(!site.listPages.contains { $0.title == "Secret" })
        #expect(
            site.repositories.contains { $0.card.fullName == "kit-harbor/knot" }, "a List's repository has its page")
    }

    @Test("with include_private, private Lists and their private repositories are shown")
    func privateLists() async throws {
        let site = try await Self.site(includePrivate: true)
        #expect(site.listPages.contains { $0.title == "Secret" && $0.summary.hasPrefix("Private List · ") })
        #expect(site.listPages.first { $0.title == "Lights" }?.cards.count == 3)
        // What the page of every List says of each (the renderer's, where there are several).
        #expect(
            site.starLists == [
                StarListEntry(
                    title: "Lights", route: Route(.starList(account: "mona", slug: "lights")), label: "List",
                    description: "Things that glow", count: "3 repositories"),
                StarListEntry(
                    title: "Secret", route: Route(.starList(account: "mona", slug: "secret")),
                    label: "Private List", isPrivate: true, description: nil, count: "1 repository"),
            ])
    }

    @Test("a long List is paginated like the starred list")
    func paginated() async throws {
        let site = try await Self.site(includePrivate: false, pageSize: 1)
        let pages = site.listPages.filter { $0.route.kind == .starList(account: "mona", slug: "lights") }
        #expect(pages.map(\.route.page) == [1, 2])
    }

    @Test("a List read through two accounts (mona, and @me with mona's token) is shown once, under the first")
    func oneListThroughTwoAccounts() async throws {
        var source = FakeRepositorySource()
        let lights = StarList(account: "mona", id: "SL_1", name: "Lights", slug: "lights", repositories: [Self.lantern])
        var mine = lights
        mine.account = "@me"
        let secret = StarList(
            account: "@me", id: "SL_2", name: "Secret", slug: "secret", isPrivate: true, repositories: [Self.knot])
        source.lists = ["mona": [lights], "@me": [mine, secret]]
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(
            BuildDigest.Request(title: "T", includePrivate: true, listsOf: ["mona", "@me"]).english)
        #expect(
            site.listPages.filter(Self.isStarList).map(\.route.kind) == [
                .starList(account: "mona", slug: "lights"), .starList(account: "@me", slug: "secret"),
            ])
    }

    @Test("@me is named by the token owner's login on the pages, where the source can tell; else @me")
    func meIsNamedByItsLogin() async throws {
        func site(me: String?) async throws -> Site {
            var source = FakeRepositorySource()
            source.me = me
            source.stars["@me"] = [Make.star(Self.lantern, daysAgo: 1)]
            source.lists["@me"] = [
                StarList(account: "@me", id: "SL_1", name: "Lights", slug: "lights", repositories: [Self.knot])
            ]
            return try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(
                BuildDigest.Request(title: "T", starredBy: ["@me"], listsOf: ["@me"]).english)
        }
        let named = try await site(me: "Mona")
        #expect(named.digest.summary.contains("starred by Mona"), "\(named.digest.summary)")
        let starred = try #require(named.listPages.first { $0.route.kind == .starred })
        #expect(starred.summary.contains("Mona") && !starred.summary.contains("@me"), "\(starred.summary)")
        let list = try #require(named.listPages.first(where: Self.isStarList))
        #expect(list.gitHubURL == "https://github.com/stars/Mona/lists/lights")
        #expect(list.route.kind == .starList(account: "@me", slug: "lights"), "its page stays where it was")

        let unknown = try await site(me: nil)
        #expect(unknown.digest.summary.contains("starred by @me"), "\(unknown.digest.summary)")
        #expect(unknown.listPages.first(where: Self.isStarList)?.gitHubURL == nil)
    }

    @Test("two Lists of one name (two accounts' Favourites) are told apart by their accounts, in English and Japanese")
    func sameNamedListsAreToldApart() async throws {
        var source = FakeRepositorySource()
        source.me = "mona"
        source.lists["@me"] = [StarList(account: "@me", id: "SL_1", name: "Favourites", slug: "favourites")]
        source.lists["octocat"] = [
            StarList(account: "octocat", id: "SL_2", name: "Favourites", slug: "favourites", repositories: [Self.knot]),
            StarList(account: "octocat", id: "SL_3", name: "Tools", slug: "tools", repositories: [Self.knot]),
        ]
        let request = BuildDigest.Request(title: "T", listsOf: ["@me", "octocat"])
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(request.english)
        #expect(
            site.listPages.filter(Self.isStarList).map(\.title) == [
                "Favourites (mona)", "Favourites (octocat)", "Tools",
            ])
        #expect(site.navigation.suffix(3).map(\.title) == ["Favourites (mona)", "Favourites (octocat)", "Tools"])
        let knot = try #require(site.repositories.first { $0.card.fullName == "kit-harbor/knot" })
        #expect(knot.card.starLists.map(\.title) == ["Favourites (octocat)", "Tools"])
        var inJapanese = request
        inJapanese.phrasebook = try Theme.builtIn("default").phrasebook(language: "ja").phrasebook
        let japanese = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(inJapanese)
        #expect(japanese.listPages.filter(Self.isStarList).first?.title == "Favourites（mona）")
    }

    @Test("a List that cannot be read fails the build naming the account")
    func failure() async throws {
        var source = Self.source
        source.failing = ["lists:mona"]
        await #expect(throws: UseCaseFailure.self) {
            try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(
                BuildDigest.Request(title: "T", listsOf: ["mona"]).english)
        }
    }

    @Test("a repository's page, and its cards off the Lists' pages, name every List that holds it")
    func cardsNameTheirLists() async throws {
        let site = try await Self.site(includePrivate: true)
        let knot = try #require(site.repositories.first { $0.card.fullName == "kit-harbor/knot" })
        #expect(knot.card.starLists.map(\.title) == ["Lights", "Secret"])
        #expect(knot.card.starListsLabel == "In")
        #expect(knot.card.starLists.first?.route == Route(.starList(account: "mona", slug: "lights")))
        let lantern = try #require(site.repositories.first { $0.card.fullName == "lumen-labs/lantern" })
        #expect(lantern.card.starLists.map(\.title) == ["Lights"])
        let elsewhere = site.listPages.filter { !Self.isStarList($0) }.flatMap(\.cards)
            .filter { $0.fullName == "kit-harbor/knot" }
        #expect(!elsewhere.isEmpty && elsewhere.allSatisfy { $0.starLists.count == 2 && $0.starListsLabel == "In" })
    }

    @Test("on a List's own page a card names only the other Lists that hold the repository")
    func cardsOnAListNameTheOthers() async throws {
        let site = try await Self.site(includePrivate: true)
        func card(_ name: String, on slug: String) throws -> RepoCard {
            let page = try #require(site.listPages.first { $0.route.kind == .starList(account: "mona", slug: slug) })
            return try #require(page.cards.first { $0.fullName == name })
        }
        let knotOnLights = try card("kit-harbor/knot", on: "lights")
        #expect(knotOnLights.starLists.map(\.title) == ["Secret"])
        #expect(knotOnLights.starListsLabel == "Also in")
        #expect(try card("kit-harbor/knot", on: "secret").starLists.map(\.title) == ["Lights"])
        #expect(try card("lumen-labs/lantern", on: "lights").starLists.isEmpty, "in no other List: nothing to say")
    }

    private static func isStarList(_ page: ListPage) -> Bool {
        if case .starList = page.route.kind { return true }
        return false
    }
}
