import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Two small READMEs that cost Debian's cmark-gfm far more than their size (a red-team pass
/// found both): a table of a few rows under thousands of columns, and a run of `www.a_`. Both
/// are bounded, and an ordinary README is rendered as before.
@Suite struct MarkdownLimitsTests {
    static func table(columns: Int, rows: Int) -> String {
        "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n"
            + String(repeating: "|x\n", count: rows)
    }

    @Test("a table whose cells cmark-gfm would fill past the bound is a note of its size; the page publishes")
    func aHugeTableIsANote() throws {
        let markdown = "Before.\n\n" + Self.table(columns: 1_000, rows: 300) + "\nAfter.\n"
        let html = MarkdownRenderer().html(MarkdownText(source: markdown), idPrefix: "r-", headingOffset: 1)
        #expect(!html.contains("<table"))
        #expect(html.contains(MarkdownRenderer.tableNote(rows: 301, columns: 1_000)))
        #expect(html.contains("Before.") && html.contains("After."))
        let files = try SiteGenerator(theme: Theme.builtIn("default")).render(DeepNestingTests.site(markdown))
        #expect(SiteValidator().validate(files).isEmpty)
    }

    @Test("tables are counted together: one that would take them past the bound is a note, the rest tables")
    func tablesShareTheBound() {
        let large = Self.table(columns: 100, rows: 1_500)  // 150,100 cells
        let html = MarkdownRenderer().html(
            MarkdownText(source: large + "\n" + large + "\n" + Self.table(columns: 2, rows: 2)), idPrefix: "r-",
            headingOffset: 1)
        #expect(html.components(separatedBy: "<table").count == 3, "the first and the last")
        #expect(html.contains(MarkdownRenderer.tableNote(rows: 1_501, columns: 100)))
        #expect(!html.contains(MarkdownRenderer.tableNote(rows: 3, columns: 2)))
    }

    @Test("a table in a quote is counted and cut in its quote; a delimiter row in a paragraph of text is no table")
    func tablesInQuotes() {
        let quoted = Self.table(columns: 1_000, rows: 300).split(separator: "\n").map { "> " + $0 }
            .joined(separator: "\n")
        let html = MarkdownRenderer().html(MarkdownText(source: quoted), idPrefix: "r-", headingOffset: 1)
        #expect(html.contains("<blockquote>") && !html.contains("<table"))
        #expect(html.contains(MarkdownRenderer.tableNote(rows: 301, columns: 1_000)))
        #expect(MarkdownRenderer.boundingTables("a - b\nc\n---\n") == "a - b\nc\n---\n")
    }

    @Test("an ordinary table and bare addresses are rendered as before")
    func ordinaryMarkdownIsWhole() {
        let markdown = "| a | b |\n| - | - |\n| 1 | 2 |\n\nSee www.example.com and https://example.org/x.\n"
        let html = MarkdownRenderer().html(MarkdownText(source: markdown), idPrefix: "r-", headingOffset: 1)
        #expect(html.contains("<table") && html.contains("<td>2</td>"))
        #expect(html.contains("href=\"http://www.example.com\""))
        #expect(html.contains("href=\"https://example.org/x\""))
        #expect(MarkdownRenderer.autolinkScan(of: markdown) < 1_000)
    }

    @Test("a run of www.a_ that would cost the autolinker the square of its length is left as text")
    func aQuadraticAutolinkRunIsText() {
        let markdown = String(repeating: "www.a_", count: 20_000) + "\n\nAnd www.example.com.\n"
        #expect(MarkdownRenderer.autolinkScan(of: markdown) > MarkdownRenderer.maxAutolinkScan)
        let html = MarkdownRenderer().html(MarkdownText(source: markdown), idPrefix: "r-", headingOffset: 1)
        #expect(!html.contains("<a "), "bare addresses in such a README stay text")
        #expect(html.contains("www.a_www.a_"))
        // A README's worth of real addresses stays far under the bound.
        let links = (0..<5_000).map { "Visit www.site\($0).example.org/path_\($0) now." }.joined(separator: "\n")
        #expect(MarkdownRenderer.autolinkScan(of: links) < MarkdownRenderer.maxAutolinkScan / 10)
    }
}
