internal import CCmarkGFM
import Foundation

/// GitHub's alerts: a block quote whose first line is `[!NOTE]` (or TIP, IMPORTANT, WARNING,
/// CAUTION) becomes a titled box with a class per kind, as GitHub renders it. cmark-gfm 0.29
/// does not know them, so they are made on its tree before it renders.
enum Alert: String, CaseIterable, Sendable {
    case note, tip, important, warning, caution

    /// Replaces each alert quote at the top of the document by a custom block holding its content
    /// (but the marker). Text nodes must be consolidated first: cmark splits `[!NOTE]` at
    /// the bracket.
    /// - Parameter titles: each kind's title, as HTML, by raw value.
    static func convert(in document: OpaquePointer, titles: [String: String]) {
        // Only the document's own quotes: GitHub makes no alert of one in a list or in
        // another quote, and shows it as the quote it is.
        var quotes: [(OpaquePointer, Alert)] = []
        var next = cmark_node_first_child(document)
        while let node = next {
            next = cmark_node_next(node)
            if cmark_node_get_type(node) == CMARK_NODE_BLOCK_QUOTE, let kind = kind(of: node) {
                quotes.append((node, kind))
            }
        }
        for (quote, kind) in quotes { replace(quote, by: kind, title: titles[kind.rawValue] ?? kind.rawValue) }
    }

    /// The kind a quote announces: its first paragraph opens with the marker alone on its line,
    /// and something follows it.
    private static func kind(of quote: OpaquePointer) -> Alert? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let marker = cmark_node_first_child(paragraph), cmark_node_get_type(marker) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(marker)
        else { return nil }
        let text = String(cString: literal).trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("[!"), text.hasSuffix("]"),
            let kind = Alert(rawValue: text.dropFirst(2).dropLast().lowercased())
        else { return nil }
        let next = cmark_node_next(marker)
        let breaks =
            next.map { [CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type($0)) } ?? true
        let hasMore = next != nil || cmark_node_next(paragraph) != nil
        return breaks && hasMore ? kind : nil
    }

    private static func replace(_ quote: OpaquePointer, by kind: Alert, title: String) {
        guard let box = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_set_on_enter(
            box,
            "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\"><p class=\"markdown-alert-title\">\(title)</p>\n"
        )
        cmark_node_set_on_exit(box, "</div>\n")
        guard cmark_node_insert_before(quote, box) == 1 else {
            cmark_node_free(box)
            return
        }
        if let paragraph = cmark_node_first_child(quote), let marker = cmark_node_first_child(paragraph) {
            if let lineBreak = cmark_node_next(marker) { free(unlinking: lineBreak) }
            free(unlinking: marker)
            if cmark_node_first_child(paragraph) == nil { free(unlinking: paragraph) }
        }
        while let child = cmark_node_first_child(quote) {
            cmark_node_unlink(child)
            cmark_node_append_child(box, child)
        }
        free(unlinking: quote)
    }

    private static func free(unlinking node: OpaquePointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }
}
