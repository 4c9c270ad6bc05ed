import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Data never fails the gate: Markdown nested deeper than libxml2 parses (256 elements) is
/// cut at `MarkdownRenderer.maxDepth` with a note, and the page publishes.
@Suite struct DeepNestingTests {
    /// A one-repository site whose README and release notes are both `markdown`.
    static func site(_ markdown: String) -> Site {
        let card = SiteFixture.card("o", "r", description: nil, language: nil, topics: [], stars: 1)
        let release = ReleaseItem(
            title: "v1", tag: "v1", dateText: nil, dateISO: nil, isPrerelease: false,
            url: "https://github.com/o/r/releases/tag/v1", notes: MarkdownText(source: markdown))
        var site = SiteFixture.site
        site.repositories.append(
            RepoPage(
                card: card, owner: nil, ownerLogin: "o", ownerGitHubURL: "https://github.com/o", facts: [],
                homepageURL: nil, releases: [release],
                readme: MarkdownText(
                    source: markdown, linkBase: "https://github.com/o/r/blob/main/",
                    imageBase: "https://raw.githubusercontent.com/o/r/main/")))
        return site
    }

    static let hostile: [(name: String, markdown: String, isCut: Bool)] = [
        ("260 blockquotes", String(repeating: ">", count: 260) + " deep", true),
        (
            "130 list levels",
            (0..<130).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n"), true
        ),
        (
            "130 ordered list levels",
            (0..<130).map { String(repeating: "   ", count: $0) + "1. level \($0)" }.joined(separator: "\n"), true
        ),
        (
            "300 nested emphases",
            (0..<300).map { $0 % 2 == 0 ? "*a " : "_b " }.joined() + "x"
                + (0..<300).reversed().map { $0 % 2 == 0 ? " a*" : " b_" }.joined(), true
        ),
        (
            "300 nested strikethroughs and links",
            String(repeating: "~~a [b ", count: 150) + "x" + String(repeating: "](https://e.x) c~~", count: 150), true
        ),
        (
            "a table 250 blockquotes down",
            String(repeating: ">", count: 250) + " | a | b |\n" + String(repeating: ">", count: 250) + " | - | - |\n"
                + String(repeating: ">", count: 250) + " | *c* | [d](https://e.x) |", true
        ),
        ("blockquotes and lists mixed on one line", String(repeating: "> - ", count: 150) + "x", true),
    ]

    @Test(
        "a README and release notes nested far deeper than libxml2 parses still publish and pass the validator",
        arguments: hostile.map(\.name))
    func deepNestingPublishes(_ name: String) throws {
        let hostile = try #require(Self.hostile.first { $0.name == name })
        let markdown = hostile.markdown
        let files = try SiteGenerator(theme: Theme.builtIn("default")).render(Self.site(markdown))
        let findings = SiteValidator().validate(files)
        #expect(findings.isEmpty, "\(findings.prefix(3))")
        let page = try #require(files.first { $0.path == "repos/o/r.html" })
        let html = String(decoding: page.contents, as: UTF8.self)
        let noted = html.contains(MarkdownRenderer.depthNote)
        #expect(noted == hostile.isCut, "the cut is said where it is, and only there")
    }

    @Test("Markdown nested less deeply than the bound is rendered whole, with no note")
    func shallowNestingIsWhole() {
        let markdown =
            String(repeating: ">", count: 40) + " deep\n\n"
            + (0..<20).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n")
        let html = MarkdownRenderer().html(MarkdownText(source: markdown), idPrefix: "r-", headingOffset: 1)
        #expect(!html.contains(MarkdownRenderer.depthNote))
        #expect(html.components(separatedBy: "<blockquote>").count == 41)
        #expect(html.contains("level 19"))
    }
}
