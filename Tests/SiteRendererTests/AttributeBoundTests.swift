import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// A stranger's README cannot make libxml2 compare an element's attributes pairwise by the
/// ten thousand: past `HTMLSanitiser.maxAttributes` on one element they are left out before
/// it parses, and the page is made as ever.
@Suite struct AttributeBoundTests {
    static func attributes(_ count: Int, from first: Int = 0) -> String {
        (first..<(first + count)).map { "data-a\($0)=\"x>y\"" }.joined(separator: " ")
    }

    @Test("an element's attributes past the bound are left out, its tag closed after the last kept")
    func pastTheBoundAreLeftOut() {
        let html = "<p title=\"t\" \(Self.attributes(300)) class=\"x\">text</p><p id=\"after\">more</p>"
        let bounded = HTMLSanitiser.boundingAttributes(html)
        let kept = "<p title=\"t\" \(Self.attributes(HTMLSanitiser.maxAttributes - 1)) "
        #expect(bounded == kept + ">text</p><p id=\"after\">more</p>", "\(bounded.suffix(80))")
    }

    /// Each argument is the text around `count` attributes: short, so that the test's name
    /// in a log stays a line.
    @Test(
        "text within the bound, and what is no tag, comes back as it was",
        arguments: [
            ("<p title=\"t\" ", 199, ">x</p>"), ("a < b and c > d", 0, ""), ("<!-- <p ", 20, "> -->"),
            ("<p a='>' b=c\td>x</p>", 0, ""), ("no tag at all", 0, ""), ("<p ", 10, ""), ("é<b>ü</b>", 0, ""),
        ])
    func withinTheBound(_ before: String, _ count: Int, _ after: String) {
        let html = before + Self.attributes(count) + after
        #expect(HTMLSanitiser.boundingAttributes(html) == html)
    }

    @Test(
        "a tag libxml2 reads where an HTML5 tokenizer would not is bounded too: behind a declaration, a processing instruction, a malformed name",
        arguments: [
            ("<!X <p ", ">x</p>"), ("<? <p ", ">x</p> ?>"), ("<p \"=\" ", " \">x</p>"), ("<!-- <p ", "> -->"),
            ("<p a\"b ", ">x</p>"),
        ])
    func libxml2sReadingIsBounded(_ before: String, _ after: String) {
        let bounded = HTMLSanitiser.boundingAttributes(before + Self.attributes(1_000) + after)
        #expect(bounded.components(separatedBy: "data-a").count - 1 <= HTMLSanitiser.maxAttributes)
    }

    @Test("a README with one element of 20,000 attributes renders, keeping what it may of the first")
    func aHostileReadmeRenders() {
        let source = "<p title=\"kept\" \(Self.attributes(20_000))>text</p>\n\n# After\n"
        let html = MarkdownRenderer().html(MarkdownText(source: source), idPrefix: "readme-", headingOffset: 2)
        #expect(html.contains("<p title=\"kept\">text</p>"), "\(html.prefix(200))")
        #expect(html.contains("After</h3>") || html.contains(">After"), "\(html.suffix(200))")
    }
}
