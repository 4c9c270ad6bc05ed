import PageModels
import Testing

@testable import SiteRenderer

@Suite struct MarkdownRendererTests {
    let base = MarkdownText(
        source: "", linkBase: "https://github.com/o/r/blob/main/",
        imageBase: "https://raw.githubusercontent.com/o/r/main/")

    func render(_ markdown: String) -> String {
        var text = base
        text.source = markdown
        return MarkdownRenderer().html(text, idPrefix: "readme-", headingOffset: 1)
    }

    @Test func scriptCapableRawHTMLIsDropped() {
        let html = render(
            "<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> <iframe src=\"https://evil.example\"></iframe>"
        )
        #expect(!html.contains("<script"))
        #expect(!html.contains("onerror"))
        #expect(!html.contains("<iframe"))
        #expect(html.contains("Hi"))
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "VBScript:msgbox(1)",
        "file:///etc/passwd", "java\tscript:alert(1)",
    ])
    func dangerousLinksKeepTheirTextAndLoseTheirURL(_ url: String) {
        let html = render("[click me](\(url))")
        #expect(!html.contains("<a"), "\(html)")
        #expect(!html.lowercased().contains("script:alert") || !html.contains("href"), "\(html)")
    }

    @Test func relativeLinksAndImagesPointAtTheRepository() {
        let html = render("[guide](docs/GUIDE.md) [c](./CONTRIBUTING.md) ![logo](docs/logo.png) [root](/LICENSE)")
        #expect(html.contains("href=\"https://github.com/o/r/blob/main/docs/GUIDE.md\""))
        #expect(html.contains("href=\"https://github.com/o/r/blob/main/CONTRIBUTING.md\""))
        #expect(html.contains("src=\"https://raw.githubusercontent.com/o/r/main/docs/logo.png\""))
        #expect(html.contains("href=\"https://github.com/o/r/blob/main/LICENSE\""))
    }

    @Test func headingsGetStablePrefixedIdsAndFragmentsFollow() {
        let html = render("# Title\n\n## Install it\n\n## Install it\n\n[go](#install-it) [gone](#nowhere)")
        #expect(html.contains("<h2 id=\"readme-title\">Title</h2>"), "demoted one level under the page's h1")
        #expect(html.contains("<h3 id=\"readme-install-it\">"))
        #expect(html.contains("<h3 id=\"readme-install-it-1\">"))
        #expect(html.contains("<a href=\"#readme-install-it\">go</a>"))
        #expect(html.contains(" <a>gone</a></p>"), "a fragment naming no heading is an <a> without href: text")
    }

    @Test func gitHubExtensionsRenderAsPolyglotHTML() {
        let html = render("| a | b |\n|:-:|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ https://example.org")
        #expect(html.contains("<th class=\"align-center\">a</th>"))
        #expect(!html.contains(" align="), "align is obsolete in HTML5")
        #expect(
            html.contains(
                "<li class=\"task-list-item\"><span class=\"task-checkbox task-done\" role=\"img\" aria-label=\"Done\">"
            ))
        #expect(!html.contains("<input"), "a disabled input is active content to the page gate")
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains("<a href=\"https://example.org\">"))
    }
}
