internal import CCmarkGFM

extension MarkdownRenderer {
    /// How deep a document's own nodes may nest. libxml2 refuses a page nested 256 elements
    /// deep ("Excessive depth in document"), and the validator must pass every page whatever
    /// a README holds: 260 `>` or 130 list levels from a stranger would otherwise stop every
    /// publish. 64 levels sit well inside that with the theme's own nesting around them, and
    /// well beyond anything a person writes on purpose.
    static let maxDepth = 64

    /// Said where deeper content was left out, so no reader takes the cut for the whole.
    static let depthNote = "[nested more than \(maxDepth) levels deep: the rest is not shown]"

    /// Replaces every node `maxDepth` levels down that has children by a note of the same
    /// kind (inline text, a paragraph, or a list item), so the rendered HTML nests at most
    /// `maxDepth + 2` elements deep. Walks with cmark's iterator, not recursion: the depth
    /// is the data's to choose.
    static func boundDepth(of document: OpaquePointer) {
        var tooDeep: [OpaquePointer] = []
        var depth = 0
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_EXIT {
                depth -= 1
                continue
            }
            // Leaves get an ENTER and no EXIT.
            guard !isLeaf(node) else { continue }
            if depth == maxDepth, cmark_node_first_child(node) != nil {
                tooDeep.append(node)
                // Skip the subtree: resetting to the node's exit leaves its children unvisited.
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
                continue
            }
            depth += 1
        }
        for node in tooDeep { replaceByNote(node, depthNote) }
    }

    /// The node types cmark's iterator enters without exiting (`S_is_leaf` in cmark).
    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
            CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
            return true
        default:
            return false
        }
    }

    /// Puts `note` where `node` is, trying the kinds its parent may hold, then frees it
    /// (cmark frees a subtree without recursion). A node no note fits in is left as it is.
    static func replaceByNote(_ node: OpaquePointer, _ note: String) {
        let isInline =
            cmark_node_get_type(node).rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_INLINE)
        let candidates: [() -> OpaquePointer?] =
            isInline
            ? [{ text(note) }]
            : [{ paragraph(note) }, { wrapped(in: CMARK_NODE_ITEM, note) }]
        for make in candidates {
            guard let note = make() else { continue }
            if cmark_node_insert_before(node, note) == 1 {
                cmark_node_unlink(node)
                cmark_node_free(node)
                return
            }
            cmark_node_free(note)
        }
    }

    private static func text(_ literal: String) -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
        cmark_node_set_literal(node, literal)
        return node
    }

    private static func paragraph(_ literal: String) -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return nil }
        if let note = text(literal) { cmark_node_append_child(node, note) }
        return node
    }

    private static func wrapped(in type: cmark_node_type, _ literal: String) -> OpaquePointer? {
        guard let node = cmark_node_new(type) else { return nil }
        if let note = paragraph(literal) { cmark_node_append_child(node, note) }
        return node
    }
}
