internal import CLibXML2

extension HTMLSanitiser {
    /// Mends, in libxml2's tree and before either pass writes it, the parts a README may put
    /// where HTML's content models allow none, though a browser shows them (the W3C checker
    /// calls such a page invalid). Each is given the parent it lacks, or is moved to where
    /// its parent wants it, so the page looks as it would have:
    ///
    /// - what a list holds besides its items (text, a `<p>`, a `<br>`, an `<img>`, a list
    ///   nested straight in a list) goes into an item with the class `bare-item`, which the
    ///   themes show without a bullet, as a browser shows it;
    /// - items with no list around them get a `<ul>`;
    /// - a `<details>` holds its `<summary>` first, or gets one with the browser's word for it
    ///   (`readme.details`, "Details"), and a `<summary>` anywhere else is a `<div>`, a
    ///   block as a browser shows it;
    /// - cells written straight in a table or a row group get the `<tr>` a browser adds, rows
    ///   straight in a table the `<tbody>`, and a `<caption>` goes first in its table, where a
    ///   browser shows it.
    func tidy(_ root: xmlNodePtr) {
        // Each element gone into, as `BrowserNesting` reads it: whether an `<li>` is open there
        // that an `<li>` inside would close, as in `<li><div><li>` (`listItem`).
        var contexts: [BrowserNesting.Context] = []
        XMLTree.walk(
            root,
            enter: { node in
                guard node.pointee.type == XML_ELEMENT_NODE else { return false }
                let name = XMLTree.name(of: node)
                let context = (contexts.last ?? .root).entering(name)
                mend(node, name, itemOpen: context.listItem)
                contexts.append(context)
                return true
            }, leave: { contexts.removeLast() })
    }

    /// What `tidy` does at one element, to its children.
    private func mend(_ element: xmlNodePtr, _ name: String, itemOpen: Bool) {
        // A summary anywhere but first in a `<details>` is shown as a block.
        if name != "details" {
            XMLTree.children(of: element, named: "summary").forEach { xmlNodeSetName($0, "div") }
        }
        switch name {
        case "ul", "ol", "menu":
            Self.wrapRuns(in: element, of: { $0 != "li" }, into: "li", marking: "bare-item")
        case "details":
            var summaries = XMLTree.children(of: element, named: "summary")
            if summaries.isEmpty, let made = xmlNewDocNode(element.pointee.doc, nil, "summary", nil) {
                xmlAddChild(made, xmlNewDocText(element.pointee.doc, labels.details))
                summaries = [made]
            }
            if let summary = summaries.first { Self.moveFirst(summary, in: element) }
            // A browser shows the first as the label, the others as blocks.
            summaries.dropFirst().forEach { xmlNodeSetName($0, "div") }
        case "table":
            Self.wrapRuns(in: element, of: { $0 == "td" || $0 == "th" }, into: "tr", marking: nil)
            // Rows straight in a table get the `<tbody>` a browser adds (the validator's XML
            // reading would not), after the caption: one for the rows, whatever a browser
            // moves out from between them.
            Self.wrapRuns(
                in: element, of: { !Self.tableParts.contains($0) }, into: "tbody", marking: nil,
                startingAt: { $0 == "tr" })
            if let caption = XMLTree.children(of: element, named: "caption").first {
                Self.moveFirst(caption, in: element)
            }
        case "tbody", "thead", "tfoot":
            Self.wrapRuns(in: element, of: { $0 == "td" || $0 == "th" }, into: "tr", marking: nil)
        default:
            // Items a browser closes an open item at are left to it (`BrowserNesting`).
            if !itemOpen {
                Self.wrapRuns(in: element, of: { $0 == "li" }, into: "ul", marking: nil)
            }
        }
    }

    /// The parts of a table a `<tbody>` does not hold.
    static let tableParts: Set<String> = ["caption", "colgroup", "col", "thead", "tbody", "tfoot"]

    /// Wraps each run of `element`'s children that `belongs` (by element name; text with more
    /// than white space counts as the name "") in a new element `wrapper`, with the class
    /// `marking`. A run starts at a child that `startsAt` (by default, one that belongs) and
    /// takes the children after it that belong, and the white space and comments among them.
    private static func wrapRuns(
        in element: xmlNodePtr, of belongs: (String) -> Bool, into wrapper: String, marking: String?,
        startingAt startsAt: ((String) -> Bool)? = nil
    ) {
        var child = element.pointee.children
        var run: xmlNodePtr?
        while let current = child {
            child = current.pointee.next
            let name: String?
            switch current.pointee.type {
            case XML_ELEMENT_NODE: name = XMLTree.name(of: current)
            case XML_TEXT_NODE where BrowserNesting.hasContent(XMLTree.content(of: current)): name = ""
            default: name = nil
            }
            guard let name else {
                // White space and comments join the run they follow.
                if let run { append(current, to: run) }
                continue
            }
            guard run == nil ? startsAt?(name) ?? belongs(name) : belongs(name) else {
                run = nil
                continue
            }
            if run == nil {
                guard let made = xmlNewDocNode(element.pointee.doc, nil, wrapper, nil) else { return }
                if let marking { xmlSetProp(made, "class", marking) }
                run = xmlAddPrevSibling(current, made)
            }
            if let run { append(current, to: run) }
        }
    }

    private static func append(_ node: xmlNodePtr, to parent: xmlNodePtr) {
        xmlUnlinkNode(node)
        // libxml2 merges a text node into a text before it, and frees it.
        _ = xmlAddChild(parent, node)
    }

    /// Moves `child` before the first of `parent`'s children that is an element or text with
    /// more than white space (the white space before it stays before it).
    private static func moveFirst(_ child: xmlNodePtr, in parent: xmlNodePtr) {
        let first = Writer.firstContent(of: parent)
        guard first != child else { return }
        xmlUnlinkNode(child)
        if let first { _ = xmlAddPrevSibling(first, child) } else { _ = xmlAddChild(parent, child) }
    }
}
