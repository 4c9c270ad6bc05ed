import FakeGitHubServer
import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Star List pages in both themes: under `lists/ACCOUNT/SLUG/`, in the navigation, and valid
/// whatever a List's name and description hold.
@Suite struct StarListRenderingTests {
    static func site(names: [String]) -> Site {
        var site = SiteFixture.site
        for (index, name) in names.enumerated() {
            var page = SiteFixture.list(
                .starList(account: "mona", slug: "list-\(index)"), name,
                groups: [CardGroup(title: nil, cards: [SiteFixture.lantern])],
                gitHubURL: "https://github.com/stars/mona/lists/list-\(index)")
            page.summary = "List · " + name + " · 1 repository"
            site.listPages.append(page)
            site.navigation.append(PageLink(title: name, route: page.route))
        }
        return site
    }

    @Test(
        "a List's page is lists/ACCOUNT/SLUG/index.html, linked from the digest in every built-in theme",
        arguments: ["default", "minimal"])
    func listPageIsLinked(theme: String) throws {
        let files = try SiteGenerator(theme: try Theme.builtIn(theme), baseURL: nil).render(
            Self.site(names: ["Git tooling"]))
        let page = try #require(files.first { $0.path == "lists/mona/list-0/index.html" })
        #expect(String(decoding: page.contents, as: UTF8.self).contains("Git tooling"))
        let digest = String(decoding: try #require(files.first { $0.path == "index.html" }).contents, as: UTF8.self)
        // The minimal theme has no site chrome, but its digest links every page of the nav.
        #expect(digest.contains("href=\"lists/mona/list-0/index.html\""))
        #expect(SiteValidator().validate(files).isEmpty)
    }

    @Test(
        "Lists named and described with every hostile vector render escaped and pass the validator",
        arguments: ["default", "minimal"])
    func hostileNames(theme: String) throws {
        let files = try SiteGenerator(theme: try Theme.builtIn(theme), baseURL: "https://example.org/")
            .render(Self.site(names: HostileText.vectors))
        #expect(files.filter { $0.path.hasPrefix("lists/mona/") }.count == HostileText.vectors.count)
        let findings = SiteValidator().validate(files)
        #expect(findings.isEmpty, "\(findings.prefix(5))")
        for file in files where file.path.hasPrefix("lists/") {
            let html = String(decoding: file.contents, as: UTF8.self)
            #expect(!html.contains("<script>alert"), "\(file.path)")
        }
    }

    @Test(
        "a repository page names the Lists holding it, a List's cards the other ones, and digest.json gains its lists",
        arguments: ["default", "minimal"])
    func cardsNameTheirLists(theme: String) throws {
        var site = Self.site(names: ["Git tooling", "Weekend reading"])
        let link = PageLink(title: "Git tooling", route: Route(.starList(account: "mona", slug: "list-0")))
        let other = PageLink(title: "Weekend reading", route: Route(.starList(account: "mona", slug: "list-1")))
        for index in site.repositories.indices where site.repositories[index].card.fullName == "lumen-labs/lantern" {
            site.repositories[index].card.starLists = [link]
        }
        for index in site.listPages.indices
        where site.listPages[index].route.kind == .starList(account: "mona", slug: "list-0") {
            site.listPages[index].cards = site.listPages[index].cards.map { card in
                var card = card
                card.starLists = [other]
                card.starListsLabel = "Also in"
                return card
            }
        }
        let files = try SiteGenerator(theme: try Theme.builtIn(theme), baseURL: nil).render(site)
        func text(_ path: String) throws -> String {
            String(decoding: try #require(files.first { $0.path == path }).contents, as: UTF8.self)
        }
        #expect(
            try text("repos/lumen-labs/lantern.html").contains(
                "<a href=\"../../lists/mona/list-0/index.html\">Git tooling</a>"))
        #expect(
            try text("lists/mona/list-0/index.html").contains(
                "Also in <a href=\"../list-1/index.html\">Weekend reading</a>"),
            "on a List's page, the other Lists")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(text("digest.json").utf8)) as? [String: Any])
        let repositories = try #require(json["repositories"] as? [[String: Any]])
        #expect(
            repositories.first { $0["full_name"] as? String == "lumen-labs/lantern" }?["lists"] as? [String] == [
                "Git tooling"
            ])
        #expect(repositories.filter { $0["lists"] != nil }.count == 1, "absent when a repository is in no List")
        #expect(SiteValidator().validate(files).isEmpty)
    }
}
