import Foundation
import Testing

@testable import SiteRenderer

@Suite struct FeedCheckerTests {
    func rules(_ path: String, _ text: String) -> [String] {
        SiteValidator().validate([OutputFile(path: path, contents: Data(text.utf8))]).map(\.rule)
    }

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
        <id>urn:x</id><title>T</title><updated>2026-11-22T03:00:00Z</updated><author><name>a</name></author>
        <entry><id>urn:x:1</id><title>E</title><updated>2026-11-22T03:00:00Z</updated><link href="https://x.org/1"/></entry>
        </feed>
        """

    @Test func aCompleteAtomFeedPasses() {
        #expect(rules("feed.xml", Self.atom) == [])
    }

    @Test func atomRequiredElementsAreChecked() {
        #expect(rules("feed.xml", Self.atom.replacingOccurrences(of: "<title>E</title>", with: "")) == ["atom"])
        #expect(
            rules("feed.xml", Self.atom.replacingOccurrences(of: "<author><name>a</name></author>", with: "")) == [
                "atom"
            ])
        #expect(
            rules("feed.xml", Self.atom.replacingOccurrences(of: "<link href=\"https://x.org/1\"/>", with: "")) == [
                "atom"
            ])
        #expect(
            rules("feed.xml", Self.atom.replacingOccurrences(of: "http://www.w3.org/2005/Atom", with: "urn:other")) == [
                "atom"
            ])
        #expect(rules("feed.xml", String(Self.atom.dropLast(8))) == ["well-formed"])
    }

    @Test("feeds are read as the parser meets them: each rule's element, text and line as a tree gave them")
    func feedsAreReadWithoutATree() {
        let entry = "<title>E</title>"
        #expect(
            rules("feed.xml", Self.atom.replacingOccurrences(of: entry, with: "<title><![CDATA[E]]></title>")) == [])
        #expect(
            rules("feed.xml", Self.atom.replacingOccurrences(of: entry, with: "<title><![CDATA[ ]]> </title>")) == [
                "atom"
            ])
        #expect(rules("feed.xml", Self.atom.replacingOccurrences(of: entry, with: "<title><b>E</b></title>")) == [])
        #expect(rules("feed.xml", Self.atom.replacingOccurrences(of: entry, with: entry + entry)) == ["atom"])
        // No author of the feed's own, but one in every entry.
        let authors = Self.atom.replacingOccurrences(of: "<author><name>a</name></author>", with: "")
            .replacingOccurrences(of: "<entry>", with: "<entry><author><name>b</name></author>")
        #expect(rules("feed.xml", authors) == [])
        // An <id> nested deeper than an entry's child is not the entry's.
        #expect(
            rules("feed.xml", Self.atom.replacingOccurrences(of: "<id>urn:x:1</id>", with: "<x><id>urn:x:1</id></x>"))
                == ["atom"])
        let lines = SiteValidator().validate([
            OutputFile(path: "feed.xml", contents: Data(Self.atom.replacingOccurrences(of: entry, with: "").utf8))
        ])
        #expect(lines.map(\.line) == [4])
        let sitemap = #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://x.org/</loc>"#
        #expect(rules("sitemap.xml", sitemap + "<loc>https://x.org/</loc></url></urlset>") == ["sitemap"])
        #expect(rules("sitemap.xml", sitemap + "</url><url></url></urlset>") == ["sitemap"])
        // Markup that makes a page is told alone, however else the file is wrong.
        #expect(
            rules("sitemap.xml", "<!DOCTYPE urlset [<!ENTITY e 'x'>]>\n<urlset><url/></urlset>") == ["active-content"])
        #expect(rules("other.xml", "<x/>") == ["file-kind"])
        #expect(rules("other.xml", "<x><?xml-stylesheet href=\"s.xsl\"?></x>") == ["active-content"])
    }

    @Test("a sitemap index's every <sitemap> needs one absolute <loc>; no other root is a sitemap")
    func sitemapIndexes() {
        let index = #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#
        #expect(
            rules("sitemap.xml", index + "<sitemap><loc>https://x.org/sitemaps/1.xml</loc></sitemap></sitemapindex>")
                == [])
        #expect(
            rules("sitemap.xml", index + "<sitemap><loc>sitemaps/1.xml</loc></sitemap></sitemapindex>") == ["sitemap"])
        #expect(
            rules("sitemaps/2.xml", #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url/></urlset>"#)
                == ["sitemap"])
        #expect(rules("sitemap.xml", #"<feed xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>"#) == ["sitemap"])
    }

    @Test func sitemapLocationsMustBeAbsolute() {
        let good =
            "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://x.org/</loc></url></urlset>"
        #expect(rules("sitemap.xml", good) == [])
        #expect(
            rules("sitemap.xml", good.replacingOccurrences(of: "https://x.org/", with: "index.html")) == ["sitemap"])
    }

    @Test func anyOtherJSONMustParse() {
        #expect(rules("starred/search.json", #"{"entries":[{"name":"a/b","text":"é\u00e9"}],"count":1}"#) == [])
        #expect(rules("starred/search.json", #"[1, 2, "three", null, true]"#) == [])
        #expect(rules("starred/search.json", #"{"entries":[1,2}"#) == ["json"])
        #expect(rules("starred/search.json", #"{"a":1} trailing"#) == ["json"])
        #expect(rules("starred/search.json", "") == ["json"])
    }

    @Test func jsonFeedAndDigestFollowTheirSchemas() {
        #expect(
            rules(
                "feed.json",
                #"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [{"id": "1", "content_text": "x"}]}"#
            ) == [])
        #expect(
            rules(
                "feed.json",
                #"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [{"content_text": "x"}]}"#)
                == ["json-feed"])
        #expect(
            rules("digest.json", #"{"version": 1, "repositories": [{"full_name": "a/b", "page": "repos/a/b.html"}]}"#)
                == [])
        #expect(rules("digest.json", #"{"version": 2, "repositories": []}"#) == ["digest-json"])
        for wrong in [
            #"{"version": 1, "repositories": [{"full_name": "a/b"}]}"#,
            #"{"version": 1, "repositories": [{"full_name": "a/b", "page": 3}]}"#,
            #"{"version": 1, "repositories": [{"full_name": "a/b", "page": "p"}, 7]}"#,
            #"{"version": 1, "repositories": [{"full_name": "a/b", "page": "p"}, {"page": "q", "x": {"full_name": "c"}}]}"#,
            #"{"version": 1, "repositories": {}}"#, #"{"repositories": []}"#, #"[{"version": 1, "repositories": []}]"#,
        ] {
            #expect(rules("digest.json", wrong) == ["digest-json"], "\(wrong)")
        }
        #expect(rules("digest.json", #"{"repositories": [{"page": "p", "full_name": "a"}], "version": 1}"#) == [])
        #expect(rules("other.json", "[1, 2") == ["json"])
    }

    static let opml = """
        <?xml version="1.0" encoding="utf-8"?>
        <opml version="2.0"><head><title>T</title></head><body>
        <outline type="rss" text="a/b" xmlUrl="https://github.com/a/b/releases.atom"/>
        </body></opml>
        """

    @Test(
        "releases.opml is checked as OPML 2.0: version, head and body, outlines with text and an absolute feed address")
    func releasesOPMLIsChecked() {
        #expect(rules("releases.opml", Self.opml) == [])
        #expect(rules("releases.opml", Self.opml.replacingOccurrences(of: "2.0", with: "1.0")) == ["opml"])
        #expect(
            rules("releases.opml", Self.opml.replacingOccurrences(of: "<head><title>T</title></head>", with: "")) == [
                "opml"
            ])
        #expect(rules("releases.opml", Self.opml.replacingOccurrences(of: " text=\"a/b\"", with: "")) == ["opml"])
        #expect(rules("releases.opml", Self.opml.replacingOccurrences(of: "https://github.com/", with: "")) == ["opml"])
        #expect(rules("releases.opml", Self.opml.replacingOccurrences(of: "<outline", with: "<other")) == ["opml"])
        #expect(rules("releases.opml", String(Self.opml.dropLast(7))) == ["well-formed"])
        // Two bodies: told once, whatever they hold.
        let twoBodies = Self.opml.replacingOccurrences(of: "</body>", with: "</body><body><outline/></body>")
        #expect(rules("releases.opml", twoBodies) == ["opml"])
    }
}
