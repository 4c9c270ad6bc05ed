internal import CLibXML2
import Foundation

/// HTML that may hold anything (cmark-gfm's output with a README's raw HTML left in, or
/// GitHub's own rendering of a README in another markup) → HTML that cannot run script and
/// that the validator's XML parser reads.
///
/// libxml2's HTML parser reads the input as a browser would, forgiving any mistake; the
/// tree it builds is then written out through an allowlist: the elements and attributes
/// GitHub's sanitiser keeps, URLs only http(s), mailto, relative (resolved against the
/// repository) or a fragment naming an id this document gives (a heading's, an anchor's, a
/// footnote's), ids prefixed per document and never given twice, classes only the ones the
/// renderer writes itself. Everything else is unwrapped to its text, or dropped with its
/// content when that content is code or a document of its own (script, style, SVG, …).
/// Since nothing is copied through as it was written, what comes out is well-formed by
/// construction: void elements self-closed, every attribute quoted and escaped.
struct HTMLSanitiser: Sendable {
    /// Base for relative links, e.g. `https://github.com/OWNER/NAME/blob/main/`.
    var linkBase: String?
    /// Base for relative images, e.g. `https://raw.githubusercontent.com/OWNER/NAME/main/`.
    var imageBase: String?
    /// Where paths from the root (`/docs/a.md`) start, when not at the bases.
    var rootLinkBase: String?
    var rootImageBase: String?
    /// Prefix of every id the document gives (headings, anchors, footnotes), so several
    /// documents can share a page.
    var idPrefix: String
    /// How many levels headings move down, so a README's `#` sits under the page's own headings.
    var headingOffset: Int
    /// Whether the document's highest heading is written as its `#` would be (release notes
    /// that open at `##` under a release's `<h3>`: an `<h4>`, not an `<h5>` a level skipped).
    var raisesHeadings = false
    /// The words it adds (task boxes' names), as HTML.
    var labels = MarkdownRenderer.Labels(.english)
    /// The site's own copy of an image, by the URL it resolved to: shown from there instead.
    var localImages: [String: String] = [:]
    /// Whether each heading ends with a link to itself (`<a class="anchor">`, which the
    /// themes show on hover), hidden from screen readers: the heading's name stays its text.
    var permalinks = false
    /// Where the document is published, for one read away from it (a feed's release notes):
    /// its links to a place in it go to that place on this page (`LinkPolicy.fragment(_:onPage:)`).
    var fragmentPage: String?

    /// How deep the kept elements may nest; deeper ones are unwrapped to their content. With
    /// the theme's own nesting around it, and a formula's (`TeXMath`, some 50 levels at most),
    /// this stays inside the 256 levels libxml2 (the validator) accepts, whatever a stranger's
    /// raw HTML nests.
    static let maxDepth = 96

    func sanitise(_ html: String) -> String {
        XMLTree.initialise()
        // The body is opened first so nothing of the fragment can land in an implied <head>.
        // XML_PARSE_HUGE lifts libxml2's 256-level bound, which would stop the parse there and
        // lose the rest of the README: the writer bounds the depth itself, without recursion.
        let wrapped = "<!DOCTYPE html><html><body>" + Self.boundingAttributes(html)
        let options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | XML_PARSE_HUGE.rawValue
        let parsed = wrapped.withCString { bytes in
            htmlReadMemory(bytes, Int32(clamping: strlen(bytes)), nil, "UTF-8", Int32(options))
        }
        guard let document = parsed else { return "" }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return "" }
        let tidyMoved = tidy(root)
        var settings = self
        var first = Writer(settings: settings, knownIDs: [], headings: [])
        first.write(root)
        // Raised: written again from the same tree (a writer leaves it as it is), not parsed
        // again. (7: no heading at all, nothing to raise.)
        if raisesHeadings, (2...6).contains(first.highestHeading) {
            settings.headingOffset -= first.highestHeading - 1
            first = Writer(settings: settings, knownIDs: [], headings: [])
            first.write(root)
        }
        // Fragment links may name an id further down, and an anchor (`<a name>`) or footnote
        // may take an id a heading further down gives too: both need the second pass, which
        // knows every id the first one gave, and gives a heading's only to the heading.
        guard first.sawFragment || !first.otherIDs.isEmpty else { return Self.regrouped(first, tidyMoved: tidyMoved) }
        var second = Writer(
            settings: settings, knownIDs: first.headingIDs.union(first.otherIDs), headings: first.headingIDs)
        second.write(root)
        return Self.regrouped(second, tidyMoved: tidyMoved)
    }
}
