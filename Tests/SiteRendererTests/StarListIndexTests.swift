import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Several Star Lists are one link in the navigation, to the page of them all: a reader with
/// twenty Lists got three lines of links at the top of every page.
@Suite struct StarListIndexTests {
    static func site(lists count: Int) -> Site {
        var site = SiteFixture.site
        for number in 1...count {
            let kind = Route.Kind.starList(account: "mona", slug: "list-\(number)")
            site.listPages.append(
                SiteFixture.list(kind, "List \(number)", groups: [CardGroup(title: nil, cards: [SiteFixture.lantern])]))
            site.navigation.append(PageLink(title: "List \(number)", route: Route(kind)))
            site.starLists.append(
                StarListEntry(
                    title: "List \(number)", route: Route(kind), label: number == 2 ? "Private List" : "List",
                    isPrivate: number == 2, description: number == 1 ? "Tools <b>I</b> use" : nil, count: "1 repository"
                ))
        }
        return site
    }

    static func files(_ site: Site, theme: Theme) throws -> [String: String] {
        let files = try SiteGenerator(theme: theme).render(site)
        #expect(SiteValidator().validate(files) == [])
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
    }

    static func navigation(_ page: String?) -> String {
        guard let page, let start = page.range(of: "<nav"), let end = page.range(of: "</nav>") else { return "" }
        return String(page[start.lowerBound..<end.upperBound])
    }

    @Test func threeListsAreOneLinkToThePageOfThemAll() throws {
        let files = try Self.files(Self.site(lists: 3), theme: Theme.builtIn("default"))
        let home = Self.navigation(files["index.html"])
        #expect(home.contains("<li><a href=\"lists/index.html\">Lists</a></li>"), "\(home)")
        #expect(!home.contains("list-1"), "no List on its own")
        let index = try #require(files["lists/index.html"])
        #expect(index.contains("<h1>Lists</h1>"))
        #expect(index.contains("3 Star Lists"))
        for number in 1...3 {
            #expect(
                index.contains(
                    "<a href=\"mona/list-\(number)/index.html\"><span class=\"name\">List \(number)</span></a>"))
        }
        #expect(index.contains("Tools &lt;b&gt;I&lt;/b&gt; use"), "a description is text")
        #expect(index.contains("<span class=\"badge badge-private\">Private List</span>"), "a private List is marked")
        #expect(!index.contains(">List</span>"), "a public one is not called a List on the page of Lists")
        #expect(Self.navigation(index).contains("aria-current=\"page\">Lists</a>"))
        let list = Self.navigation(files["lists/mona/list-2/index.html"])
        #expect(
            list.contains("<a href=\"../../index.html\" aria-current=\"true\">Lists</a>"),
            "a List's page is under it: the section's link, not this page's")
    }

    @Test func twoListsStayInTheNavigationWithNoPageOfThemAll() throws {
        let files = try Self.files(Self.site(lists: 2), theme: Theme.builtIn("default"))
        #expect(files["lists/index.html"] == nil)
        let home = Self.navigation(files["index.html"])
        #expect(home.contains("<li><a href=\"lists/mona/list-1/index.html\">List 1</a></li>"), "\(home)")
        #expect(home.contains("<li><a href=\"lists/mona/list-2/index.html\">List 2</a></li>"))
    }

    /// A theme written before the page keeps its navigation as it was.
    @Test func aThemeWithoutItsTemplateLinksEachList() throws {
        var theme = try Theme.builtIn("default")
        theme.templates[Theme.starListsTemplate] = nil
        let files = try Self.files(Self.site(lists: 3), theme: theme)
        #expect(files["lists/index.html"] == nil)
        #expect(Self.navigation(files["index.html"]).contains("lists/mona/list-3/index.html"))
    }
}

/// Owners and saved searches as Star Lists are: from three on, one link in the navigation to
/// a page of them all, each with its page's summary.
@Suite struct OwnerAndSearchIndexTests {
    /// The fixture's site (one owner, kit-harbor, and one search) with `owners` and `searches` more.
    static func site(owners: Int, searches: Int) -> Site {
        var site = SiteFixture.site
        for number in 0..<owners {
            let kind = Route.Kind.owner(login: "org-\(number + 1)")
            site.listPages.append(
                SiteFixture.list(
                    kind, "org-\(number + 1)", groups: [CardGroup(title: nil, cards: [SiteFixture.lantern])]))
            site.navigation.append(PageLink(title: "org-\(number + 1)", route: Route(kind)))
        }
        for number in 0..<searches {
            let kind = Route.Kind.search(name: "Search \(number + 1)")
            site.listPages.append(SiteFixture.list(kind, "Search \(number + 1)", groups: []))
            site.navigation.append(PageLink(title: "Search \(number + 1)", route: Route(kind)))
        }
        return site
    }

    @Test("three owners and three searches (the fixture's one and two more of each) are a link each")
    func threeOwnersAndThreeSearchesAreALinkEach() throws {
        let files = try StarListIndexTests.files(Self.site(owners: 2, searches: 2), theme: Theme.builtIn("default"))
        let home = StarListIndexTests.navigation(files["index.html"])
        #expect(home.contains("<li><a href=\"owners/index.html\">Owners</a></li>"), "\(home)")
        #expect(home.contains("<li><a href=\"searches/index.html\">Searches</a></li>"), "\(home)")
        #expect(!home.contains("org-1") && !home.contains("Search 1"), "no owner or search on its own")

        let owners = try #require(files["owners/index.html"])
        #expect(owners.contains("<h1>Owners</h1>") && owners.contains("3 owners"))
        for login in ["kit-harbor", "org-1", "org-2"] {
            #expect(
                owners.contains("<a href=\"\(login)/index.html\"><span class=\"name\">\(login)</span></a>"), "\(login)")
        }
        #expect(owners.contains("<p class=\"card-meta\">1 repositories</p>"), "each with its page's summary, muted")
        #expect(!owners.contains("card-description"), "a summary is no description")
        #expect(StarListIndexTests.navigation(owners).contains("aria-current=\"page\">Owners</a>"))
        let owner = StarListIndexTests.navigation(files["owners/org-2/index.html"])
        #expect(owner.contains("<a href=\"../index.html\" aria-current=\"true\">Owners</a>"), "\(owner)")

        let searches = try #require(files["searches/index.html"])
        #expect(searches.contains("<h1>Saved searches</h1>") && searches.contains("3 saved searches"))
    }

    @Test("an owner's picture heads its page, as GitHub's profile does, and marks it on the page of every owner")
    func anOwnersPicture() throws {
        var site = Self.site(owners: 2, searches: 0)
        let picture = "https://avatars.githubusercontent.com/u/7?v=4&s=96"
        for index in site.listPages.indices where site.listPages[index].route.kind == .owner(login: "org-1") {
            site.listPages[index].avatar = .remote(url: picture)
            site.listPages[index].isOrganisation = true
        }
        let files = try StarListIndexTests.files(site, theme: Theme.builtIn("default"))
        let page = try #require(files["owners/org-1/index.html"])
        let escaped = picture.replacingOccurrences(of: "&", with: "&amp;")
        #expect(
            page.contains("<div class=\"repo-heading\">\n<img class=\"avatar avatar-org\" src=\"\(escaped)\""),
            "\(page)")
        #expect(page.contains("<meta property=\"og:image\" content=\"\(escaped)\""))
        #expect(
            page.components(separatedBy: "<img class=\"avatar").count == 2,
            "once, in the heading: a card without a picture finds none of the page's")
        #expect(
            try #require(files["owners/index.html"]).contains("<img class=\"avatar avatar-org\" src=\"\(escaped)\""))
        // The minimal theme, which has no page of every owner, shows it in the heading too.
        let minimal = try StarListIndexTests.files(site, theme: Theme.builtIn("minimal"))
        #expect(
            try #require(minimal["owners/org-1/index.html"]).contains(
                "<h1><img class=\"rd-avatar rd-avatar-org\" src=\"\(escaped)\""))
        #expect(!(try #require(files["owners/org-2/index.html"]).contains("repo-heading")), "no picture, no frame")
    }

    @Test("an organisation's picture is a rounded square; an owner's cards on its own page show none")
    func organisationsAndOwnPages() throws {
        var site = SiteFixture.site
        let picture = AvatarImage.remote(url: "https://avatars.githubusercontent.com/u/9?v=4&s=40")
        for page in site.listPages.indices {
            for group in site.listPages[page].groups.indices {
                for card in site.listPages[page].groups[group].cards.indices
                where site.listPages[page].groups[group].cards[card].fullName.hasPrefix("kit-harbor/") {
                    site.listPages[page].groups[group].cards[card].avatar = picture
                    site.listPages[page].groups[group].cards[card].ownerIsOrganisation = true
                }
            }
        }
        let files = try StarListIndexTests.files(site, theme: Theme.builtIn("default"))
        let pages = files.filter { $0.value.contains("old-fork") && $0.value.contains("card-title") }
        let own = try #require(files["owners/kit-harbor/index.html"])
        #expect(own.contains("old-fork") && !own.contains("<img class=\"avatar"), "no picture on its owner's page")
        let others = pages.filter { $0.key != "owners/kit-harbor/index.html" }
        #expect(!others.isEmpty)
        for (path, page) in others {
            #expect(page.contains("<img class=\"avatar avatar-org\""), "\(path)")
        }
    }

    @Test func twoOwnersAndOneSearchStayInTheNavigation() throws {
        let files = try StarListIndexTests.files(Self.site(owners: 1, searches: 0), theme: Theme.builtIn("default"))
        #expect(files["owners/index.html"] == nil && files["searches/index.html"] == nil)
        let home = StarListIndexTests.navigation(files["index.html"])
        #expect(home.contains("<li><a href=\"owners/org-1/index.html\">org-1</a></li>"), "\(home)")
        #expect(home.contains("Swift site generators</a></li>"))
    }
}
