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
        for number in 1...3 { #expect(index.contains("<a href=\"mona/list-\(number)/index.html\">List \(number)</a>")) }
        #expect(index.contains("Tools &lt;b&gt;I&lt;/b&gt; use"), "a description is text")
        #expect(index.contains("<span class=\"badge\">Private List</span>"), "a private List is marked")
        #expect(!index.contains(">List</span>"), "a public one is not called a List on the page of Lists")
        #expect(Self.navigation(index).contains("aria-current=\"page\">Lists</a>"))
        let list = Self.navigation(files["lists/mona/list-2/index.html"])
        #expect(
            list.contains("<a href=\"../../index.html\" aria-current=\"page\">Lists</a>"), "a List's page is under it")
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
