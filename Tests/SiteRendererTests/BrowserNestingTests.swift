import FakeGitHubServer
import Foundation
import Testing

@testable import SiteRenderer

/// A README's raw HTML nested every way the tags a sanitiser keeps can be: whatever the mix,
/// the page holds nothing a browser would close or move (`BrowserNesting`), nor anything else
/// the validator refuses. Seeded, so a failure names the same document on every run.
@Suite("README HTML nested at random: every page reads the same to a browser and to the checks")
struct BrowserNestingTests {
    static let tokens = [
        "<p>", "</p>", "<p align=\"center\">", "<div>", "</div>", "<span>", "</span>", "<a href=\"#x\">", "</a>",
        "<a name=\"x\">", "<a href=\"https://example.com\">", "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>",
        "<dl>", "</dl>", "<dt>", "<dd>", "</dd>", "<h2>", "</h2>", "<h3>", "</h3>", "<table>", "</table>",
        "<tbody>", "</tbody>", "<tr>", "</tr>", "<td>", "</td>", "<th>", "<caption>", "</caption>", "<details>",
        "</details>", "<summary>", "</summary>", "<pre>", "</pre>", "<b>", "</b>", "<em>", "</em>", "<ruby>",
        "</ruby>", "<rt>", "</rt>", "<rp>", "<blockquote>", "</blockquote>", "<hr>", "<br>",
        "<img src=\"a.png\" alt=\"a\">",
        "<img src=\"javascript:x\" alt=\"alt text\">",
        "<video src=\"https://github.com/user-attachments/assets/x\"></video>",
        "<input type=\"checkbox\" checked>", "<font>", "</font>", "<center>", "</center>", "<section>", "<kbd>",
        "<sup>", "<code>", "</code>", "<sub>", "</sub>", "<del>", "</del>", "<time>", "<tt>", "<h1>", "<figure>",
        "<figcaption>", "<q>", "<picture>", "</picture>", "<source srcset=\"d.png\">", "</dt>",
        "<time datetime=\"2026-11-27\">", "word", "two words", "&nbsp;", " ", "\n", "\n\n",
        "\n\n```swift\nlet x = 1\n```\n\n",
        "\n- item\n",
        "\n> [!NOTE]\n> note\n", "$x^2$", "\n\n$$\ny\n$$\n\n", ":tada:", "[link](#x)", "**bold**", "\n## Heading\n",
    ]

    /// A deeper run: `RD_NEST_N=20000 RD_NEST_SEED=7 RD_NEST_LENGTH=60 swift test --filter BrowserNesting`.
    static func setting(_ name: String, _ standard: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? standard
    }

    @Test("five hundred documents of thirty tags and texts each")
    func randomNesting() {
        var generator = SplitMix64(seed: UInt64(Self.setting("RD_NEST_SEED", 0x5EED_0F_7A6)))
        let length = Self.setting("RD_NEST_LENGTH", 30)
        for index in 0..<Self.setting("RD_NEST_N", 500) {
            let source = (0..<length).map { _ in Self.tokens.randomElement(using: &generator)! }.joined()
            let html = PopularReadmeTests.render(source)
            let findings = SiteValidator().validate([
                OutputFile(path: "index.html", contents: Data(SiteValidatorTests.page(html).utf8))
            ])
            #expect(findings.isEmpty, "document \(index):\n\(source)\n→\n\(html)\n\(findings)")
            if !findings.isEmpty { return }
        }
    }
}
