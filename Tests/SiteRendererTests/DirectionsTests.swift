import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Text from GitHub that opens a direction and leaves it open (a tag ending in U+202E) has it
/// closed at its end wherever a page, a feed or `digest.md` shows it, so nothing after it is
/// shown reversed.
@Suite struct DirectionsTests {
    @Test(
        "each direction left open is closed at the end, innermost first; closed ones and plain text are as they were",
        arguments: [
            ("v1.0\u{202E}", "v1.0\u{202E}\u{202C}"),
            ("a\u{2067}b\u{202B}c", "a\u{2067}b\u{202B}c\u{202C}\u{2069}"),
            ("\u{202D}a\u{2066}b", "\u{202D}a\u{2066}b\u{2069}\u{202C}"),
            // A pop of an isolate closes the embeddings inside it; a stray pop closes nothing.
            ("\u{2068}a\u{202E}b\u{2069}", "\u{2068}a\u{202E}b\u{2069}"),
            ("\u{202E}a\u{202C}\u{202C}", "\u{202E}a\u{202C}\u{202C}"),
            ("lumen-labs · lantern …", "lumen-labs · lantern …"),
            ("plain", "plain"),
        ])
    func directionsAreClosed(text: String, closed: String) {
        #expect(text.directionsClosed == closed)
    }

    @Test("a page's escaped value and digest.md's text close what they open")
    func escapedValuesCloseDirections() {
        #expect(HTMLEscaping.escape("<b>\u{202E}") == "&lt;b&gt;\u{202E}\u{202C}")
        #expect(DigestMarkdown.escape("v1\u{202E}") == "v1\u{202E}\u{202C}")
    }

    @Test("feed.xml and feed.json close a direction a release's title and its summary leave open")
    func feedsCloseDirections() throws {
        var site = SiteFixture.site
        site.feed[0].title = "lumen-labs/lantern v2\u{202E}"
        site.feed[0].summary = "A \u{2067}summary"
        let files = try SiteGenerator(theme: try Theme.builtIn("default"), baseURL: nil).render(site)
        let text = { (path: String) in
            String(decoding: try #require(files.first { $0.path == path }).contents, as: UTF8.self)
        }
        #expect(try text("feed.xml").contains("<title>lumen-labs/lantern v2\u{202E}\u{202C}</title>"))
        #expect(try text("feed.xml").contains("<summary>A \u{2067}summary\u{2069}</summary>"))
        let items =
            try #require(
                JSONSerialization.jsonObject(with: Data(try text("feed.json").utf8)) as? [String: Any])["items"]
            as? [[String: Any]]
        #expect(items?.first?["title"] as? String == "lumen-labs/lantern v2\u{202E}\u{202C}")
        #expect(items?.first?["summary"] as? String == "A \u{2067}summary\u{2069}")
    }
}
