internal import CCmarkGFM
import Foundation
public import PageModels

/// Markdown from the data → HTML that is safe to place in a page, through cmark-gfm with
/// GitHub's extensions.
///
/// Safety comes from cmark-gfm's safe mode (raw HTML is dropped, `javascript:`/`vbscript:`/
/// `file:`/`data:` URLs emptied) and from a rewrite pass of our own: relative links and
/// images resolve against the repository on GitHub, any link or image whose URL is not
/// http(s), mailto or a fragment of this document is unwrapped to its text, and headings get
/// stable ids under a per-document prefix so several documents can share a page.
public struct MarkdownRenderer: Sendable {
    public init() {}

    /// - Parameters:
    ///   - idPrefix: prefix of every id this document adds to the page (e.g. `readme-`).
    ///   - headingOffset: how many levels to demote headings, so a README's `#` sits under the
    ///     headings of the page around it (the page's `<h1>`, the section's `<h2>`).
    public func html(_ text: MarkdownText, idPrefix: String, headingOffset: Int32) -> String {
        _ = Self.registered
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"] {
            if let extensionHandle = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionHandle)
            }
        }
        let source = text.source
        source.withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        guard let document = Self.inlineParsing.withLock({ cmark_parser_finish(parser) }) else { return "" }
        defer { cmark_node_free(document) }

        Self.boundDepth(of: document)
        let headingIDs = rewrite(document, text: text, idPrefix: idPrefix, headingOffset: headingOffset)
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser))
        else { return "" }
        defer { free(rendered) }
        return Self.finish(String(cString: rendered), headingIDs: headingIDs)
    }

    /// The core extensions register themselves in a global list: once, before any thread looks.
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark-gfm 0.29 (Debian's) keeps the table of characters that start inline syntax in a
    /// global, which each parse fills with its extensions' characters (`~`, `:`, `w`) when
    /// it parses inlines and empties when it is done: two parses at once on two threads lose
    /// strikethrough and autolinks at random. So inline parsing (within `cmark_parser_finish`)
    /// runs one document at a time; block parsing, the rewrite and HTML rendering do not.
    private static let inlineParsing = NSLock()

    /// Resolves or removes every link and image, demotes headings, and returns the ids to give
    /// the headings, in document order.
    private func rewrite(
        _ document: OpaquePointer, text: MarkdownText, idPrefix: String, headingOffset: Int32
    ) -> [String] {
        var links: [OpaquePointer] = []
        var headings: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE: links.append(node)
            case CMARK_NODE_HEADING: headings.append(node)
            default: break
            }
        }

        var slugs = HeadingSlugs()
        let ids = headings.map { heading in
            let level = cmark_node_get_heading_level(heading)
            cmark_node_set_heading_level(heading, min(6, level + headingOffset))
            return idPrefix + slugs.next(for: Self.plainText(of: heading))
        }
        let known = Set(ids)
        for node in links {
            let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let base = isImage ? text.imageBase : text.linkBase
            if let resolved = LinkPolicy.resolve(url, base: base, fragmentPrefix: idPrefix, knownIDs: known) {
                cmark_node_set_url(node, resolved)
            } else {
                Self.unwrap(node)
            }
        }
        return ids
    }

    /// Replaces a node by its children: a link becomes its text, an image its alt text.
    private static func unwrap(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) {
            cmark_node_insert_before(node, child)
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    private static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
            text += plainText(of: current)
            child = cmark_node_next(current)
        }
        return text
    }

    /// Heading ids in, and HTML 4 `align` (obsolete in HTML5) swapped for classes the themes style.
    /// Safe as plain byte edits: in safe mode every `<hN>` and ` align="` in cmark's output
    /// comes from a heading or table cell, never from the data (data text is escaped). One
    /// pass over the UTF-8 bytes: this runs for every README and release note of a build.
    private static func finish(_ html: String, headingIDs: [String]) -> String {
        let align = Array(" align=\"".utf8)
        let alignClass = Array(" class=\"align-".utf8)
        var ids = headingIDs.makeIterator()
        var output: [UInt8] = []
        output.reserveCapacity(html.utf8.count + headingIDs.count * 24)
        var html = html
        html.withUTF8 { bytes in
            var index = 0
            // Bytes between one '<' or " a" and the next are copied in one go.
            var copied = 0
            func copyPending() {
                if copied < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index])) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "<")
                    || (byte == UInt8(ascii: " ") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "a"))
                else {
                    index += 1
                    continue
                }
                copyPending()
                if byte == UInt8(ascii: "<"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "h"),
                    (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]),
                    bytes[index + 3] == UInt8(ascii: ">"), let id = ids.next()
                {
                    output += [UInt8(ascii: "<"), UInt8(ascii: "h"), bytes[index + 2]]
                    output += Array(" id=\"\(id)\">".utf8)
                    index += 4
                } else if byte == UInt8(ascii: " "), index + align.count <= bytes.count,
                    bytes[index..<(index + align.count)].elementsEqual(align)
                {
                    output += alignClass
                    index += align.count
                } else {
                    output.append(byte)
                    index += 1
                }
                copied = index
            }
            copyPending()
        }
        return String(decoding: output, as: UTF8.self)
    }
}
