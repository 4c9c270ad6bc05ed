import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// What both built-in themes show beyond the text: the tab's title, the favicon, language
/// dots, the reader's note, release notes after the README, and a 404 page at any depth.
@Suite struct VisualIdentityTests {
    static func page(_ path: String, theme: String, of site: Site = SiteFixture.site, baseURL: String? = nil) throws
        -> String
    {
        let files = try SiteGenerator(theme: Theme.builtIn(theme), baseURL: baseURL).render(site)
        #expect(SiteValidator().validate(files) == [])
        return String(decoding: try #require(files.first { $0.path == path }).contents, as: UTF8.self)
    }

    @Test(
        "The home page's title names the site once, not \"X · X\"; other pages name page and site",
        arguments: Theme.builtInNames)
    func homeTitleIsNotRepeated(_ theme: String) throws {
        #expect(try Self.page("index.html", theme: theme).contains("<title>Fixture &amp; friends</title>"))
        #expect(
            try Self.page("languages/swift/index.html", theme: theme).contains(
                "<title>Swift · Fixture &amp; friends</title>"))
    }

    @Test("Every page links the theme's SVG favicon, which the site ships", arguments: Theme.builtInNames)
    func faviconIsLinkedAndShipped(_ theme: String) throws {
        let files = try SiteGenerator(theme: Theme.builtIn(theme)).render(SiteFixture.site)
        #expect(files.contains { $0.path == "assets/favicon.svg" })
        let page = String(
            decoding: try #require(files.first { $0.path == "repos/lumen-labs/lantern.html" }).contents, as: UTF8.self)
        #expect(page.contains("<link rel=\"icon\" type=\"image/svg+xml\" href=\"../../assets/favicon.svg\" />"))
    }

    @Test("A card shows its language's colour and the reader's note", arguments: Theme.builtInNames)
    func languageDotAndNote(_ theme: String) throws {
        var site = SiteFixture.site
        var card = SiteFixture.lantern
        card.language?.color = "#f05138"
        card.note = "Watch for <v3>"
        site.listPages = site.listPages.map { list in
            var list = list
            list.groups = list.groups.map {
                CardGroup(title: $0.title, cards: $0.cards.map { $0.fullName == card.fullName ? card : $0 })
            }
            return list
        }
        let html = try Self.page("favourites/index.html", theme: theme, of: site)
        #expect(html.contains("#f05138"))
        #expect(html.contains("Your note:"))
        #expect(html.contains("Watch for &lt;v3&gt;"))
    }

    @Test("A colour that is not #rrggbb never reaches a style attribute")
    func onlyHexColoursReachStyles() {
        #expect(PageContext.cssColor("#a1B2c3") == "#a1B2c3")
        for bad in ["red", "#fff", "#12345g", "#123456;background:url(x)", "#ｆｆｆｆｆｆ"] {
            #expect(PageContext.cssColor(bad) == nil, "\(bad)")
        }
    }

    @Test(
        "The README comes before the releases, whose notes fold with only the newest open",
        arguments: Theme.builtInNames)
    func readmeBeforeFoldedReleaseNotes(_ theme: String) throws {
        let html = try Self.page("repos/lumen-labs/lantern.html", theme: theme)
        let readme = try #require(html.range(of: "id=\"section-readme\""))
        let releases = try #require(html.range(of: "id=\"section-releases\""))
        #expect(readme.lowerBound < releases.lowerBound)
        #expect(html.contains("<details") && html.contains("<summary>Release notes</summary>"))
        #expect(html.contains("open=\"open\""), "the newest release's notes start open")
    }

    @Test(
        "Without a base URL the 404 page links from the root, so it is styled at any depth",
        arguments: Theme.builtInNames)
    func notFoundWorksAtAnyDepth(_ theme: String) throws {
        let html = try Self.page("404.html", theme: theme, baseURL: "")
        #expect(html.contains("href=\"/assets/style.css\""))
        #expect(!html.contains("href=\"assets/style.css\""))
        #expect(html.contains("href=\"/index.html\""))
    }
}

/// The "All topics" page and digest.md as a starred-list README.
@Suite struct TopicIndexAndListMarkdownTests {
    static var site: Site {
        var site = SiteFixture.site
        site.digest.allTopics = PageLink(title: "All 3 topics", route: .topics, count: 3)
        site.topics = [
            PageLink(title: "ssg", route: Route(.topic(name: "ssg")), count: 2),
            PageLink(title: "ops", route: Route(.topic(name: "ops")), count: 1),
            PageLink(title: "swift", route: Route(.topic(name: "swift")), count: 1),
        ]
        return site
    }

    @Test(
        "Every built-in theme renders an All topics page that the digest links and the validator accepts",
        arguments: Theme.builtInNames)
    func topicIndexPage(_ theme: String) throws {
        let files = try SiteGenerator(theme: Theme.builtIn(theme)).render(Self.site)
        #expect(SiteValidator().validate(files) == [])
        let page = String(
            decoding: try #require(files.first { $0.path == "topics/index.html" }).contents, as: UTF8.self)
        #expect(page.contains("All topics") && page.contains("href=\"ops/index.html\""))
        let index = String(decoding: try #require(files.first { $0.path == "index.html" }).contents, as: UTF8.self)
        #expect(index.contains("href=\"topics/index.html\">All 3 topics</a>"))
        if theme == "default" {
            let topic = String(
                decoding: try #require(files.first { $0.path == "topics/ops/index.html" }).contents, as: UTF8.self)
            #expect(topic.contains("<a href=\"../index.html\">All topics</a>"), "a topic's page leads back to them all")
        }
    }

    @Test("digest.md as a list: a table of contents linking GitHub's anchors, then each language's repositories")
    func listMarkdown() throws {
        var site = SiteFixture.site
        site.markdownList = [
            CardGroup(title: "C", cards: [SiteFixture.fork]),
            CardGroup(title: "C++", cards: [SiteFixture.fork]),
            CardGroup(title: "Swift", cards: [SiteFixture.lantern]),
            CardGroup(title: "Other", cards: [SiteFixture.kanji]),
        ]
        let files = try SiteGenerator(theme: Theme.builtIn("default"), baseURL: "https://example.org/").render(site)
        let text = String(decoding: try #require(files.first { $0.path == "digest.md" }).contents, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "# Fixture \\& friends\n\n4 repositories, grouped by language, most stars first.\n\n## Contents\n\n"))
        #expect(text.contains("- [C](#c) (1)\n- [C++](#c-1) (1)\n- [Swift](#swift) (1)\n- [Other](#other) (1)\n"))
        #expect(
            text.contains(
                "## Swift\n\n- [lumen-labs/lantern](<https://example.org/repos/lumen-labs/lantern.html>) ★ 4k · Favourite: "
            ),
            "the heading names the language; the line does not repeat it")
        #expect(!text.contains("Recently starred"))
    }

    @Test("Anchors follow GitHub: punctuation dropped, spaces to hyphens, repeats numbered")
    func anchors() {
        var anchors = DigestMarkdown.Anchors()
        #expect(
            ["Jupyter Notebook", "C#", "C", "Emacs Lisp", "日本語"].map { anchors.next(for: $0) }
                == ["jupyter-notebook", "c", "c-1", "emacs-lisp", "日本語"])
    }
}

/// Owners' pictures in both themes.
@Suite struct AvatarRenderingTests {
    @Test(
        "A copied avatar is published under avatars/ and linked relatively; a linked one keeps GitHub's URL",
        arguments: Theme.builtInNames)
    func avatars(_ theme: String) throws {
        var site = SiteFixture.site
        site.avatars = ["lumen-labs.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)]
        func withAvatar(_ card: RepoCard) -> RepoCard {
            var card = card
            if card.fullName == "lumen-labs/lantern" { card.avatar = .file(name: "lumen-labs.svg") }
            if card.fullName == "kit-harbor/old-fork" {
                card.avatar = .remote(url: "https://avatars.githubusercontent.com/u/1?v=4&s=96")
            }
            if card.fullName == "haruki-s/kanji-lint" { card.avatar = .file(name: "not-published.png") }
            return card
        }
        site.listPages = site.listPages.map { list in
            var list = list
            list.groups = list.groups.map { CardGroup(title: $0.title, cards: $0.cards.map(withAvatar)) }
            return list
        }
        site.repositories = site.repositories.map { page in
            var page = page
            page.card = withAvatar(page.card)
            return page
        }
        let files = try SiteGenerator(theme: Theme.builtIn(theme)).render(site)
        #expect(SiteValidator().validate(files) == [])
        #expect(files.contains { $0.path == "avatars/lumen-labs.svg" })
        let list = String(
            decoding: try #require(files.first { $0.path == "topics/ssg/index.html" }).contents, as: UTF8.self)
        #expect(list.contains("src=\"../../avatars/lumen-labs.svg\""))
        #expect(list.contains("src=\"https://avatars.githubusercontent.com/u/1?v=4&amp;s=96\""))
        #expect(list.contains("alt=\"\""), "the name beside it says whose it is")
        let page = String(
            decoding: try #require(files.first { $0.path == "repos/haruki-s/kanji-lint.html" }).contents, as: UTF8.self)
        #expect(!page.contains("not-published.png"), "a copy the site lacks is no picture")
        // A link preview's picture is an absolute address: GitHub's; never an SVG copy.
        let linked = String(
            decoding: try #require(files.first { $0.path == "repos/kit-harbor/old-fork.html" }).contents, as: UTF8.self)
        #expect(
            linked.contains(
                #"<meta property="og:image" content="https://avatars.githubusercontent.com/u/1?v=4&amp;s=96" />"#))
        let copied = String(
            decoding: try #require(files.first { $0.path == "repos/lumen-labs/lantern.html" }).contents, as: UTF8.self)
        #expect(!copied.contains("og:image"))
    }
}
