internal import CCmarkGFM
import Foundation
public import PageModels

/// A README or release note from the data → HTML that is safe to place in a page.
///
/// Markdown goes through cmark-gfm with GitHub's extensions and raw HTML left in (unsafe
/// mode, on only because the sanitiser runs after it), with GitHub's alerts made on its tree;
/// HTML GitHub rendered from another markup skips that step. Both then pass `HTMLSanitiser`,
/// the one place that decides what may stay: GitHub's allowlist of elements and attributes,
/// relative links and images resolved against the repository on GitHub, every other URL but
/// http(s), mailto and a fragment naming a heading of the document unwrapped to its text,
/// headings moved down under the page's own with stable ids under a per-document prefix (so
/// several documents can share a page), code coloured, emoji shortcodes turned to emoji, math
/// laid out as MathML (`MathSpans`, `TeXMath`).
public struct MarkdownRenderer: Sendable {
    /// The words the renderer adds: alerts' titles, task boxes' names (`readme.*`).
    var labels: Labels

    public init(phrasebook: Phrasebook = .english) {
        labels = Labels(phrasebook)
    }

    /// The renderer's own words, in the site's language, HTML-escaped once.
    struct Labels: Sendable, Hashable {
        /// By `Alert`'s raw value.
        var alerts: [String: String]
        var taskDone: String
        var taskOpen: String
        /// A footnote's ↩ link back to where it is referred to: text (an attribute's value,
        /// escaped as it is written), where the others are HTML.
        var footnoteBack: String
        /// Above a diagram GitHub draws (```` ```mermaid ````), shown as its source: `{kind}`.
        var diagram: String
        /// The label of a `<details>` written without a `<summary>`, as a browser shows it:
        /// text (a text node's content, escaped as it is written).
        var details: String

        init(_ phrasebook: Phrasebook) {
            func text(_ key: String) -> String { phrasebook.text("readme." + key).xmlEscaped }
            alerts = Dictionary(uniqueKeysWithValues: Alert.allCases.map { ($0.rawValue, text($0.rawValue)) })
            taskDone = text("task_done")
            taskOpen = text("task_open")
            footnoteBack = phrasebook.text("readme.footnote_back")
            diagram = text("diagram")
            details = phrasebook.text("readme.details")
        }
    }

    /// - Parameters:
    ///   - idPrefix: prefix of every id this document adds to the page (e.g. `readme-`).
    ///   - headingOffset: how many levels to demote headings, so a README's `#` sits under the
    ///     headings of the page around it (the page's `<h1>`, the section's `<h2>`).
    ///   - localImages: for each image URL the site has its own copy of, the copy's address.
    ///   - permalinks: give each heading a link to itself, as GitHub does (a page's documents;
    ///     not a feed's, whose reader shows no page around them).
    ///   - page: where the document is published, for one read away from it (a feed's release
    ///     notes): a link to a place in it goes to that place on that page.
    ///   - raisingHeadings: write the document's highest heading as its `#` would be, so that
    ///     notes opening at `##` skip no level under the page's heading.
    public func html(
        _ text: MarkdownText, idPrefix: String, headingOffset: Int32, localImages: [String: String] = [:],
        permalinks: Bool = false, fragmentsOn page: String? = nil, raisingHeadings: Bool = false
    ) -> String {
        var sanitiser = HTMLSanitiser(
            linkBase: text.linkBase, imageBase: text.imageBase, rootLinkBase: text.rootLinkBase,
            rootImageBase: text.rootImageBase, idPrefix: idPrefix, headingOffset: Int(headingOffset), labels: labels,
            localImages: localImages, permalinks: permalinks)
        sanitiser.raisesHeadings = raisingHeadings
        sanitiser.fragmentPage = page
        // cmark and libxml2 read C strings, which a NUL would end: the rest of the document
        // lost. CommonMark (and GitHub) show it as U+FFFD.
        let source =
            text.source.utf8Contains(0) ? text.source.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text.source
        switch text.markup {
        case .html: return sanitiser.sanitise(source)
        case .markdown: return sanitiser.sanitise(Self.unsanitisedHTML(source, alerts: labels.alerts))
        }
    }

    /// cmark-gfm's rendering, raw HTML and every URL as written: only for the sanitiser.
    /// - Parameter alerts: alerts' titles by kind, as HTML.
    static func unsanitisedHTML(_ source: String, alerts: [String: String] = Labels(.english).alerts) -> String {
        _ = Self.registered
        // As on GitHub: footnotes, and `~one~` struck through as well as `~~two~~`.
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        // tagfilter as on GitHub: `<script>`, `<style>`, `<iframe>`, … show as text, which
        // says more to a reader than the nothing the sanitiser would leave of them.
        // Autolinks only where they cost what the text's length would (`autolinkScan`).
        let autolinks = autolinkScan(of: source) <= maxAutolinkScan
        for name in ["table", "strikethrough", "tagfilter", "tasklist"] + (autolinks ? ["autolink"] : []) {
            if let extensionHandle = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionHandle)
            }
        }
        // GitHub's math (`$…$`, `$$…$$`) handed on as code, which cmark leaves as written.
        MathSpans.rewrite(boundingTables(source)).withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        guard let document = Self.inlineParsing.withLock({ cmark_parser_finish(parser) }) else { return "" }
        defer { cmark_node_free(document) }

        Self.boundDepth(of: document)
        cmark_consolidate_text_nodes(document)
        Alert.convert(in: document, titles: alerts)
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser))
        else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The core extensions register themselves in a global list: once, before any thread looks.
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark-gfm 0.29 (Debian's) keeps the table of characters that start inline syntax in a
    /// global, which each parse fills with its extensions' characters (`~`, `:`, `w`) when
    /// it parses inlines and empties when it is done: two parses at once on two threads lose
    /// strikethrough and autolinks at random. So inline parsing (within `cmark_parser_finish`)
    /// runs one document at a time; block parsing, the rewrite and HTML rendering do not.
    private static let inlineParsing = NSLock()
}
