import FakeGitHubServer
import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Release notes as GitHub renders them (`body_html`): shown through the same allowlist as
/// READMEs, on the repository page and in the feeds, whatever the HTML holds.
@Suite("Release notes from GitHub's rendering: kept as GitHub shows them, never able to run script")
struct ReleaseNotesRenderingTests {
    /// Notes shaped as GitHub's `body_html` for a release: a heading with its permalink, links
    /// to pull requests and people, a coloured code block, an image on GitHub's servers.
    static let notes = """
        <div class="markdown-heading"><h2 class="heading-element">What's Changed</h2><a id="user-content-whats-changed" class="anchor" aria-label="Permalink: What's Changed" href="#whats-changed"><svg class="octicon octicon-link" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="m7.775 3.275"></path></svg></a></div>
        <ul>
        <li>Faster incremental builds by <a class="user-mention notranslate" data-hovercard-type="user" href="https://github.com/amara-codes">@amara-codes</a> in <a class="issue-link js-issue-link" data-url="https://github.com/lumen-labs/lantern/issues/212" href="https://github.com/lumen-labs/lantern/pull/212">#212</a></li>
        </ul>
        <div class="highlight highlight-source-swift"><pre><span class="pl-k">let</span> site <span class="pl-k">=</span> <span class="pl-c1">try</span> Lantern.<span class="pl-en">build</span>()</pre></div>
        <p><a target="_blank" rel="noopener noreferrer" href="https://github.com/user-attachments/assets/0b1c"><img src="https://github.com/user-attachments/assets/0b1c" alt="Build times" style="max-width: 100%;"></a></p>
        """

    static func render(_ html: String) -> String {
        MarkdownRenderer().html(
            MarkdownText(
                source: html, markup: .html, linkBase: "https://github.com/lumen-labs/lantern/blob/main/",
                imageBase: "https://github.com/lumen-labs/lantern/raw/main/"),
            idPrefix: "release-1-", headingOffset: 3)
    }

    @Test("GitHub's rendering keeps its headings, links, image and coloured code, none of its classes or styles")
    func keptAsGitHubShowsIt() {
        let html = Self.render(Self.notes)
        #expect(html.contains("<h5 id=\"release-1-whats-changed\">What&apos;s Changed</h5>"), "\(html)")
        #expect(html.contains("<a href=\"https://github.com/amara-codes\">@amara-codes</a>"))
        #expect(html.contains("<a href=\"https://github.com/lumen-labs/lantern/pull/212\">#212</a>"))
        #expect(html.contains("<code class=\"language-swift\"><span class=\"hl-k\">let</span> site"))
        #expect(html.contains("<img src=\"https://github.com/user-attachments/assets/0b1c\" alt=\"Build times\" />"))
        #expect(!html.contains("class=\"anchor\"") && !html.contains("data-") && !html.contains("style="))
        #expect(!html.contains("<a href=\"#release-1-whats-changed\"></a>"), "GitHub's permalink icon is no empty link")
        PopularReadmeTests.expectNoScript(html)
    }

    @Test("GitHub's English alert titles and task boxes read in the site's language; English stays as GitHub wrote it")
    func alertsAndTasksInTheSiteLanguage() throws {
        let notes = """
            <div class="markdown-alert markdown-alert-warning" dir="auto"><p class="markdown-alert-title" dir="auto"><svg class="octicon octicon-alert mr-2" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M6.457 1.047"></path></svg>Warning</p><p dir="auto">Back up first.</p></div>
            <div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Read me</p><p>A title of its own.</p></div>
            <ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled checked> Done</li></ul>
            """
        func render(_ language: String) throws -> String {
            let (phrasebook, _) = try Theme.builtIn("default").phrasebook(language: language)
            return MarkdownRenderer(phrasebook: phrasebook).html(
                MarkdownText(source: notes, markup: .html), idPrefix: "release-1-", headingOffset: 3)
        }
        let japanese = try render("ja")
        #expect(japanese.contains("<p class=\"markdown-alert-title\" dir=\"auto\">警告</p>"), "\(japanese)")
        #expect(!japanese.contains(">Warning<"))
        #expect(japanese.contains(">Read me</p>"), "a title that is not GitHub's own stays")
        #expect(japanese.contains("aria-label=\"完了\""))
        let english = try render("en")
        #expect(english.contains("<p class=\"markdown-alert-title\" dir=\"auto\">Warning</p>"), "\(english)")
        #expect(
            english
                == MarkdownRenderer().html(
                    MarkdownText(source: notes, markup: .html), idPrefix: "release-1-", headingOffset: 3))
    }

    @Test("an uploaded image's five-minute signed address becomes the attachment's lasting one")
    func signedAttachmentImages() {
        let uuid = "93211d28-9cc4-447b-a6e1-3ab55f677bee"
        let signed =
            "https://private-user-images.githubusercontent.com/12021217/430377187-\(uuid).png?jwt=eyJ0eXAi.eyJpc3Mi.sig"
        let html = Self.render(
            "<p><a href=\"\(signed)\"><img src=\"\(signed)\" alt=\"Map\"></a>"
                + "<img src=\"https://private-user-images.githubusercontent.com/1/odd.png?jwt=x\" alt=\"Odd\"></p>")
        #expect(html.contains("src=\"https://github.com/user-attachments/assets/\(uuid)\""), "\(html)")
        #expect(html.contains("href=\"https://github.com/user-attachments/assets/\(uuid)\""))
        #expect(html.contains("src=\"https://private-user-images.githubusercontent.com/1/odd.png\""))
        #expect(!html.contains("jwt"), "no signature is published")
    }

    @Test("body_html holding script, event handlers and javascript: links comes out clean")
    func hostileRendering() {
        for vector in HostileText.vectors {
            PopularReadmeTests.expectNoScript(Self.render(vector))
            PopularReadmeTests.expectNoScript(
                Self.render(
                    "<ul><li>\(vector) by <a href=\"https://github.com/x\" onclick=\"alert(1)\">@x</a></li></ul>"))
        }
        let html = Self.render(
            "<p><a href=\"javascript:alert(1)\" onmouseover=\"alert(2)\">changelog</a> <img src=x onerror=alert(3)></p>"
        )
        #expect(html.contains("changelog"), "the link's text stays")
    }

    @Test(
        "a repository page and the feeds with hostile rendered notes pass the page gate, in both themes",
        arguments: ["default", "minimal"])
    func wholePages(theme: String) throws {
        var site = SiteFixture.site
        let hostile = HostileText.vectors.joined(separator: "\n")
        site.repositories[0].releases[0].notes = MarkdownText(
            source: Self.notes + hostile, markup: .html, linkBase: "https://github.com/lumen-labs/lantern/blob/main/",
            imageBase: "https://github.com/lumen-labs/lantern/raw/main/")
        for index in site.feed.indices where site.feed[index].kind == .release {
            site.feed[index].content = site.repositories[0].releases[0].notes
        }
        let files = try SiteGenerator(theme: try Theme.builtIn(theme), baseURL: "https://example.org/").render(site)
        let findings = SiteValidator().validate(files)
        #expect(findings.isEmpty, "\(findings.prefix(5))")
        let page = String(
            decoding: try #require(files.first { $0.path == "repos/lumen-labs/lantern.html" }).contents, as: UTF8.self)
        #expect(page.contains("https://github.com/lumen-labs/lantern/pull/212"))
        PopularReadmeTests.expectNoScript(
            try Self.between("<details", "</details>", in: page, after: "What&apos;s Changed"))
        // The feeds carry the same notes, sanitised the same way.
        let feedFile = try #require(files.first { $0.path == "feed.json" })
        let feed = try #require(try JSONSerialization.jsonObject(with: feedFile.contents) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        let notes = try #require(items.compactMap { $0["content_html"] as? String }.first)
        #expect(notes.contains("https://github.com/lumen-labs/lantern/pull/212"))
        PopularReadmeTests.expectNoScript(notes)
    }

    /// The text of `page` from the `open` before `marker` to the `close` after it.
    static func between(_ open: String, _ close: String, in page: String, after marker: String) throws -> String {
        let at = try #require(page.range(of: marker))
        let start = try #require(page.range(of: open, options: .backwards, range: page.startIndex..<at.lowerBound))
        let end = try #require(page.range(of: close, range: at.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }
}
