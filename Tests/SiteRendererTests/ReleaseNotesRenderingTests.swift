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

    @Test("notes that open at ## under the release's <h3> skip no level: their highest heading is an <h4>")
    func notesHeadingsSkipNoLevel() {
        func render(_ source: String) -> String {
            MarkdownRenderer().html(
                MarkdownText(source: source), idPrefix: "release-1-", headingOffset: 3, raisingHeadings: true)
        }
        let raised = render("## Highlights\n\ntext\n\n### Fixes\n\n- one\n")
        #expect(raised.contains("<h4 id=\"release-1-highlights\">"), "\(raised)")
        #expect(raised.contains("<h5 id=\"release-1-fixes\">"), "\(raised)")
        // Opening at # already: as before.
        #expect(render("# Big\n\n## Small\n").contains("<h4 id=\"release-1-big\">"))
        // None: nothing to raise, and the text as it was.
        #expect(
            render("Just a line")
                == MarkdownRenderer().html(
                    MarkdownText(source: "Just a line"), idPrefix: "release-1-", headingOffset: 3))
    }

    @Test("a new release leaves the permalinks of the older releases' headings where they were")
    func releaseHeadingIDsComeFromTheTag() throws {
        func page(_ site: Site) throws -> String {
            let files = try SiteGenerator(theme: try Theme.builtIn("default"), baseURL: nil).render(site)
            return String(
                decoding: try #require(files.first { $0.path == "repos/lumen-labs/lantern.html" }).contents,
                as: UTF8.self)
        }
        var later = SiteFixture.site
        let index = try #require(later.repositories.firstIndex { $0.card.fullName == "lumen-labs/lantern" })
        var newer = later.repositories[index].releases[0]
        newer.tag = "v3.0.0"
        later.repositories[index].releases.insert(newer, at: 0)
        // The notes open at ## Changes: their highest heading, under the release's <h3>.
        let id = "release-\(PathSegment.hash("v2.0.0"))-changes"
        #expect(try page(SiteFixture.site).contains("<h4 id=\"\(id)\">"))
        #expect(try page(later).contains("<h4 id=\"\(id)\">"))
    }

    @Test("GitHub's footnotes lose the heading only screen readers were to hear; the way back is named")
    func gitHubFootnotes() {
        let html = Self.render(
            """
            <p>Faster<sup><a href="#user-content-fn-1-abc" id="user-content-fnref-1-abc" data-footnote-ref="" aria-describedby="footnote-label">1</a></sup>.</p>
            <section data-footnotes="" class="footnotes"><h2 id="footnote-label" class="sr-only">Footnotes</h2>
            <ol><li id="user-content-fn-1-abc"><p>Measured. <a href="#user-content-fnref-1-abc" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a></p></li></ol>
            </section>
            """)
        #expect(!html.contains("Footnotes"), "\(html)")
        #expect(html.contains("<section class=\"footnotes\">"))
        #expect(html.contains("aria-label=\"Back to the text\">↩</a>"), "\(html)")
    }

    @Test("a video GitHub shows is played where it is, with a link for a browser that plays none")
    func videos() {
        let video = Self.render(
            """
            <p><video src="https://github.com/user-attachments/assets/9f2e" data-canonical-src="https://github.com/user-attachments/assets/9f2e" controls="controls" muted="muted" autoplay="autoplay" class="d-block" style="max-height:640px"><script>x()</script>old browsers</video></p>
            """)
        #expect(
            video.contains(
                "<video src=\"https://github.com/user-attachments/assets/9f2e\" controls=\"controls\" preload=\"none\" playsinline=\"playsinline\"><a href=\"https://github.com/user-attachments/assets/9f2e\">https://github.com/user-attachments/assets/9f2e</a></video>"
            ), "\(video)")
        #expect(!video.contains("autoplay") && !video.contains("script") && !video.contains("old browsers"))
        #expect(ReadmeFidelityTests().findings(video).isEmpty, "a page showing it passes the gate")
        for src in ["javascript:alert(1)", ""] {
            #expect(!Self.render("<video src=\"\(src)\" controls>x</video>").contains("video"), "\(src)")
        }
        #expect(!Self.render("<video controls><source src=\"a.mp4\">x</video>").contains("video"))
        for around in ["<a href=\"https://example.org/\">Demo ", "<a name=\"demo\">Demo ", "<picture>"] {
            let close = around.hasPrefix("<a") ? "</a>" : "</picture>"
            let html = Self.render("<p>\(around)<video src=\"https://example.org/d.mp4\"></video>\(close)</p>")
            #expect(!html.contains("video") && !html.contains("d.mp4"), "inside \(around): \(html)")
        }
    }

    @Test("an unclosed <embed> goes alone: the text after it stays, in notes and in READMEs")
    func embedIsVoid() {
        let notes = Self.render("<p>J</p><embed src=\"x.pdf\"><p>K</p><embed src=\"y\"></embed><p>L</p>")
        #expect(notes.contains("<p>J</p>") && notes.contains("<p>K</p>") && notes.contains("<p>L</p>"), "\(notes)")
        #expect(!notes.contains("embed") && !notes.contains("pdf"))
        let readme = PopularReadmeTests.render(
            "Para.\n\n<embed src=\"https://example.com/x.pdf\">\n\n## Install\n\nRun it.\n")
        #expect(readme.contains("Install") && readme.contains("Run it."), "\(readme)")
    }

    @Test("headings demoted past h6 keep their level as a class, so each level has its own size")
    func deepHeadings() {
        let html = Self.render("<h1>a</h1><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>")
        #expect(html.contains("<h4 id=\"release-1-a\">a</h4>") && html.contains("<h6 id=\"release-1-c\">c</h6>"))
        #expect(html.contains("<h6 id=\"release-1-d\" class=\"level-7\">d</h6>"), "\(html)")
        #expect(html.contains("<h6 id=\"release-1-e\" class=\"level-8\">e</h6>"))
        #expect(html.contains("<h6 id=\"release-1-f\" class=\"level-9\">f</h6>"))
        #expect(!Self.render("<h2 class=\"level-7\">x</h2>").contains("level-7"), "a README cannot borrow it")
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
