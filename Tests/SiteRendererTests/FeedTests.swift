import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// feed.xml, feed.json, sitemap.xml, releases.opml, digest.json and digest.md, from `SiteFixture`.
@Suite struct FeedTests {
    static func files(baseURL: String?, sitemapLimit: Int = Sitemap.maxURLs) throws -> [String: Data] {
        var generator = SiteGenerator(theme: try Theme.builtIn("default"), baseURL: baseURL)
        generator.sitemapLimit = sitemapLimit
        let files = try generator.render(SiteFixture.site)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    static func text(_ data: Data?) -> String { String(decoding: data ?? Data(), as: UTF8.self) }

    @Test(arguments: [nil, "https://example.org/digest/"])
    func theAtomFeedIsWellFormedWithStableIDs(_ baseURL: String?) throws {
        let files = try Self.files(baseURL: baseURL)
        let atom = try #require(files["feed.xml"])
        #expect(
            FeedChecker.checkXML(OutputFile(path: "feed.xml", contents: atom)).isEmpty,
            "well-formed Atom with its required elements")
        let xml = Self.text(atom)
        #expect(xml.contains("<id>urn:repodigest:release:101:v2.0.0</id>"))
        #expect(xml.contains("<id>urn:repodigest:star:102:1795514400</id>"))
        #expect(xml.contains("<updated>2026-11-20T06:00:00Z</updated>"), "the feed is as new as its newest entry")
        #expect(!xml.contains("\u{1}"), "control characters from the data are dropped")
        #expect(!xml.contains("<script"), "text from the data is escaped")
        if baseURL == nil {
            #expect(xml.contains("<id>urn:repodigest:fixture-friends-"))
            #expect(!xml.contains("rel=\"self\""), "a feed with no address has no self link")
            #expect(xml.contains("href=\"https://github.com/zephyr-ops/stormcell\""), "stars link to GitHub")
        } else {
            #expect(
                xml.contains(
                    "<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/digest/feed.xml\"/>"))
            #expect(
                xml.contains("href=\"https://example.org/digest/repos/zephyr-ops/stormcell.html\""),
                "stars link to their page")
        }
    }

    /// A reader compares an entry's content to tell an updated entry from one it has shown:
    /// the ids inside release notes come from the entry, not from how many came before it.
    @Test func anEntrysContentStaysTheSameWhenNewerEntriesComeBeforeIt() throws {
        func notes(_ site: Site) throws -> (atom: String, json: String) {
            let files = try SiteGenerator(theme: try Theme.builtIn("default"), baseURL: nil).render(site)
            let atom = Self.text(files.first { $0.path == "feed.xml" }?.contents)
            let json = try #require(files.first { $0.path == "feed.json" })
            let feed = try #require(try JSONSerialization.jsonObject(with: json.contents) as? [String: Any])
            let items = try #require(feed["items"] as? [[String: Any]])
            let release = try #require(items.first { $0["id"] as? String == SiteFixture.site.feed[0].id })
            let entry = try #require(atom.range(of: "<id>\(SiteFixture.site.feed[0].id)</id>"))
            let end = try #require(atom.range(of: "</entry>", range: entry.upperBound..<atom.endIndex))
            return (String(atom[entry.upperBound..<end.lowerBound]), try #require(release["content_html"] as? String))
        }
        var later = SiteFixture.site
        var newer = later.feed[0]
        newer.id += "-newer"
        later.feed.insert(newer, at: 0)
        let before = try notes(SiteFixture.site)
        #expect(before.json.contains("<h3 id=\"entry-"), "the notes have a heading with an id")
        #expect(try notes(later) == before)
    }

    /// A reader shows release notes on its own page, where `#install` would lead nowhere: the
    /// notes' links to a place in them go to that place on the release's page on GitHub.
    @Test func linksToAPlaceInReleaseNotesGoToTheReleasesPage() throws {
        var site = SiteFixture.site
        let release = try #require(site.feed.firstIndex { $0.kind == .release })
        site.feed[release].content = MarkdownText(
            source: "# Install\n\nSee [install](#install), [top](#top) and [away](https://example.com/#x).\n",
            markup: .markdown, linkBase: nil, imageBase: nil)
        let page = site.feed[release].url
        let files = try SiteGenerator(theme: try Theme.builtIn("default"), baseURL: nil).render(site)
        let atom = Self.text(files.first { $0.path == "feed.xml" }?.contents)
        let json = try #require(files.first { $0.path == "feed.json" }?.contents)
        let feed = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        let notes = try #require(
            items.first { $0["id"] as? String == site.feed[release].id }?["content_html"] as? String)
        #expect(atom.contains("href=&quot;\(page)#install&quot;"))
        #expect(atom.contains("href=&quot;\(page)&quot;&gt;top"), "back to top: the page")
        #expect(atom.contains("href=&quot;https://example.com/#x&quot;"), "other links as they were")
        #expect(!atom.contains("href=&quot;#"), "no link to a place in the feed")
        #expect(notes.contains("href=\"\(page)#install\""))
    }

    @Test func theJSONFeedFollowsVersion1_1() throws {
        let data = try #require(try Self.files(baseURL: "https://example.org/digest/")["feed.json"])
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["feed_url"] as? String == "https://example.org/digest/feed.json")
        #expect(feed["home_page_url"] as? String == "https://example.org/digest/")
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == SiteFixture.site.feed.map(\.id))
        for item in items {
            #expect((item["content_html"] ?? item["content_text"]) != nil, "every item has content")
            #expect(item["date_published"] is String)
        }
        let notes = try #require(items.first?["content_html"] as? String)
        #expect(!notes.contains("onclick") && !notes.contains("javascript:"), "release notes are sanitised")
    }

    @Test func aSitemapOnlyWithABaseURLListingEveryPageButThe404() throws {
        #expect(try Self.files(baseURL: nil)["sitemap.xml"] == nil)
        let files = try Self.files(baseURL: "https://example.org/digest/")
        let sitemap = Self.text(files["sitemap.xml"])
        let locations = sitemap.split(separator: "\n").filter { $0.hasPrefix("<url>") }
        let pages = files.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }
        #expect(locations.count == pages.count)
        #expect(sitemap.contains("<loc>https://example.org/digest/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/digest/starred/2.html</loc>"))
        #expect(!sitemap.contains("404"))
    }

    @Test("past a sitemap's 50,000 addresses, sitemap.xml is the index of sitemaps that list every page once")
    func aLargeSiteIsListedInParts() throws {
        let limit = 3
        let files = try Self.files(baseURL: "https://example.org/digest/", sitemapLimit: limit)
        let pages = files.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }
        let parts = files.keys.filter { $0.hasPrefix("sitemaps/") }.sorted()
        #expect(parts.count == (pages.count + limit - 1) / limit && parts.count > 1)
        let index = Self.text(files["sitemap.xml"])
        #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"), "\(index)")
        #expect(index.contains("<sitemap><loc>https://example.org/digest/sitemaps/1.xml</loc></sitemap>"))
        var listed: [Substring] = []
        for part in parts {
            let text = Self.text(files[part])
            let locations = text.split(separator: "\n").filter { $0.hasPrefix("<url>") }
            #expect(locations.count <= limit)
            listed += locations
        }
        #expect(listed.count == pages.count && Set(listed).count == pages.count, "every page once")
        let checked = files.filter { $0.key.hasSuffix(".xml") }.map { OutputFile(path: $0.key, contents: $0.value) }
        #expect(checked.flatMap(FeedChecker.checkXML).isEmpty, "the index and each part are sitemaps")
        #expect(
            SiteValidator().validate(files.map { OutputFile(path: $0.key, contents: $0.value) }).isEmpty,
            "the whole site passes")
    }

    @Test("releases.opml lists the releases feed of every repository the site follows, in order, escaped")
    func releasesOPMLListsFavouritesAndStars() throws {
        let data = try #require(try Self.files(baseURL: nil)["releases.opml"])
        #expect(FeedChecker.checkXML(OutputFile(path: "releases.opml", contents: data)).isEmpty, "well-formed OPML 2.0")
        let opml = Self.text(data)
        let outlines = opml.split(separator: "\n").filter { $0.hasPrefix("<outline") }
        let followed = SiteFixture.site.followed.map(\.fullName)
        #expect(outlines.map { $0.split(separator: "\"")[3] } == followed.map { Substring($0.xmlEscaped) })
        for name in followed {
            let page = "https://github.com/" + name
            #expect(
                opml.contains("xmlUrl=\"\(page.xmlEscaped)/releases.atom\" htmlUrl=\"\(page.xmlEscaped)/releases\""),
                "\(name)")
        }
        #expect(opml.contains("<title>Fixture &amp; friends: releases</title>"))
    }

    @Test("a site that follows no repository writes no releases.opml")
    func noReleasesOPMLWithoutRepositories() throws {
        var site = SiteFixture.site
        site.followed = []
        let files = try SiteGenerator(theme: try Theme.builtIn("default"), baseURL: nil).render(site)
        #expect(!files.contains { $0.path == "releases.opml" })
    }

    @Test func digestJSONNamesThePageOfEveryRepository() throws {
        let files = try Self.files(baseURL: "https://example.org/digest/")
        let json = try #require(try JSONSerialization.jsonObject(with: files["digest.json"]!) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let repositories = try #require(json["repositories"] as? [[String: Any]])
        #expect(repositories.count == SiteFixture.site.repositories.count)
        for repository in repositories {
            let page = try #require(repository["page"] as? String)
            #expect(files[page] != nil, "\(page) is a file of the site")
            #expect(repository["page_url"] as? String == "https://example.org/digest/" + page)
        }
    }

    @Test("the JSON files leave out what the pages and XML files leave out, and close what the text opens")
    func jsonFilesCarryNoControlCharacters() throws {
        let files = try Self.files(baseURL: "https://example.org/digest/")
        for path in ["digest.json", "feed.json"] {
            let text = Self.text(files[path])
            #expect(text.contains("'quotes'"), "\(path) holds the description")
            #expect(!text.contains("\\u0001") && !text.contains("\u{1}"), "\(path) drops U+0001 as feed.xml does")
        }
        var site = SiteFixture.site
        site.repositories[0].card.description = "nul\u{0} bell\u{7} c1\u{85} nonchar\u{FFFF} \u{202E}evil"
        let digest = try SiteGenerator(theme: try Theme.builtIn("default")).render(site)
            .first { $0.path == "digest.json" }
        let text = String(decoding: try #require(digest).contents, as: UTF8.self)
        #expect(text.contains("\"nul bell c1 nonchar \u{202E}evil\u{202C}\""), "\(text)")
    }

    @Test func digestMarkdownEscapesTheDataAndLinksAbsolutely() throws {
        let markdown = Self.text(try Self.files(baseURL: nil)["digest.md"])
        #expect(markdown.hasPrefix("# Fixture \\& friends\n"))
        #expect(markdown.contains("Checks \\<script\\>alert(\"x\")\\</script\\> \\& 'quotes'"))
        #expect(
            markdown.contains(
                "- [lumen-labs/lantern](<https://github.com/lumen-labs/lantern>) ★ 4k · Swift · Favourite"))
        #expect(!markdown.contains("](<repos/"), "no relative links: the file is read away from the site")
    }

    @Test(arguments: [
        ("# Title", "\\# Title"), ("- item", "\\- item"), ("1. first", "1\\. first"), ("2026 was", "2026 was"),
        (
            "a*b*_c_ [x](y) ![i](j) <b> `code` | ~del~",
            "a\\*b\\*\\_c\\_ \\[x\\](y) \\!\\[i\\](j) \\<b\\> \\`code\\` \\| \\~del\\~"
        ),
        ("two\nlines", "two lines"), ("$\\sqrt{2}$ costs $5", "\\$\\\\sqrt{2}\\$ costs \\$5"),
        ("    indented", "indented"), ("   # heading", "\\# heading"),
        // GFM links a bare address with its backslashes: each is a link of its own.
        (
            "docs: https://a.org/my_page?x=1&y=2.",
            "docs: [https://a.org/my\\_page?x=1\\&y=2](<https://a.org/my_page?x=1&y=2>)."
        ),
        (
            "see (http://a.org/a_(b)) or *https://b.org/c*",
            "see ([http://a.org/a\\_(b)](<http://a.org/a_(b)>)) or \\*[https://b.org/c](<https://b.org/c>)\\*"
        ),
        ("at www.a.com/x_y, then", "at [www.a.com/x\\_y](<http://www.a.com/x_y>), then"),
        ("<https://a.org/x> and https:// alone", "\\<[https://a.org/x](<https://a.org/x>)\\> and https:// alone"),
        ("www.a.com/\"onmouseover=\"x", "[www.a.com/\"onmouseover=\"x](<http://www.a.com/%22onmouseover=%22x>)"),
        ("nohttps://a.org/x_y", "nohttps://a.org/x\\_y"),
        ("éhttps://a.org/x_y", "é[https://a.org/x\\_y](<https://a.org/x_y>)"),
    ])
    func markdownEscaping(_ text: String, _ escaped: String) {
        #expect(DigestMarkdown.escape(text, startsLine: true) == escaped)
    }

    /// What GitHub's Markdown (cmark-gfm) makes of the escaped text: the text as it was, each
    /// address a link to itself.
    @Test func escapedAddressesAreLinksToThemselves() {
        let text = "Docs at https://a.org/my_page*x, www.b.com/c_d and <i>http://c.org/</i>!"
        let html = MarkdownRenderer.unsanitisedHTML(DigestMarkdown.escape(text))
        #expect(html.contains("<a href=\"https://a.org/my_page*x\">https://a.org/my_page*x</a>"), "\(html)")
        #expect(html.contains("<a href=\"http://www.b.com/c_d\">www.b.com/c_d</a>"), "\(html)")
        #expect(html.contains("&lt;i&gt;<a href=\"http://c.org/\">http://c.org/</a>&lt;/i&gt;!"), "\(html)")
        #expect(!html.contains("%5C"), "no backslash in an address: \(html)")
    }

    @Test("without links (no base_url), the languages line opens no block: a language named '# x' is text")
    func aLineOfNamesOpensNoBlock() {
        var site = SiteFixture.site
        site.digest.languages.insert(
            PageLink(title: "# Pwned", route: Route(.language(name: "# Pwned")), count: 2), at: 0)
        let router = Router(routes: [Route.digest], baseURL: nil)
        let markdown = String(decoding: DigestMarkdown(site: site, router: router).file().contents, as: UTF8.self)
        #expect(markdown.contains("\n\\# Pwned (2) · "), "\(markdown)")
    }
}
