internal import CLibXML2
import Foundation
import PageModels

extension HTMLSanitiser.Writer {
    /// A code block, written afresh from its text: coloured when its language is known
    /// (from cmark's `language-…` class, or GitHub's `highlight-source-…` around its own
    /// rendering), whatever markup it held.
    mutating func writePre(_ node: xmlNodePtr, asBlock: Bool = true) {
        var text = XMLTree.text(of: node)
        // A browser drops a line feed just after `<pre>` (a README's `<pre>\nart…`); written
        // inside `<code>`, where none is dropped, it showed as an empty first line.
        if let first = node.pointee.children, first.pointee.type == XML_TEXT_NODE, text.hasPrefix("\n") {
            text.removeFirst()
        }
        // A ```math block (or `$$…$$`, which `MathSpans` made one): the formula laid out.
        if XMLTree.children(of: node, named: "code").contains(where: { Self.classes(of: $0).contains("language-math") })
        {
            output += TeXMath.mathML(text, display: true, macros: &macros)
            return
        }
        let language = Self.language(of: node)
        if asBlock, language == nil, let kind = Self.diagram(of: node) {
            // GitHub draws these with script of its own; the page shows their source, and says so.
            output +=
                "<p class=\"diagram-note\">"
                + Phrasebook.fill(settings.labels.diagram, ["kind": kind]) + "</p>"
        }
        let code = language.map { SyntaxHighlighter(language: $0).html(text) } ?? text.xmlEscaped
        let opening = language.map { "<code class=\"language-\($0.rawValue)\">" } ?? "<code>"
        // Where no block may stand (in a heading, a summary), the lines as a line's code.
        output += asBlock ? "<pre>" + opening + code + "</code></pre>" : opening + Self.lineBreaks(code) + "</code>"
    }

    /// Whether a README's own `<pre>` is kept with its markup rather than written afresh
    /// from its text (`writePre`): one in no language, holding links or emphasis and nothing
    /// but a line's markup (ASCII-art menus, a usage with its options in bold). A code block,
    /// GitHub's highlighted rendering, a diagram or a formula is written afresh as before.
    static func keepsMarkup(_ pre: xmlNodePtr) -> Bool {
        guard languageNames(of: pre).isEmpty else { return false }
        var meaningful = false
        var inLine = true
        var seen = 0
        XMLTree.walk(
            pre,
            enter: { node in
                if node == pre { return true }
                guard inLine, node.pointee.type == XML_ELEMENT_NODE else { return false }
                seen += 1
                let name = XMLTree.name(of: node)
                if preMarkup.contains(name) { meaningful = true }
                inLine = seen <= 10_000 && (preMarkup.contains(name) || ["span", "code", "br"].contains(name))
                return inLine
            }, leave: {})
        return meaningful && inLine
    }

    /// What a `<pre>` may hold to keep its markup: links and a line's emphasis.
    private static let preMarkup: Set<String> = [
        "a", "b", "strong", "i", "em", "u", "s", "del", "ins", "mark", "sub", "sup", "kbd", "small",
    ]

    /// Markup whose line feeds are `<br />`: each line kept, where `<pre>` cannot keep them.
    static func lineBreaks(_ html: String) -> String {
        var lines = html.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "<br />")
    }

    /// Whether a `<code>` is inline math `MathSpans` handed on: its text starts with the marker.
    static func holdsMath(_ code: xmlNodePtr) -> Bool {
        guard let text = code.pointee.children, text.pointee.type == XML_TEXT_NODE else { return false }
        return XMLTree.content(of: text).first == MathSpans.marker
    }

    /// GitHub's `<math-renderer>`: `$…$` in a line, `$$…$$` (or its `js-display-math`) a block.
    mutating func writeMath(_ node: xmlNodePtr) {
        var tex = Substring(XMLTree.text(of: node).trimmingCharacters(in: .whitespacesAndNewlines))
        let display = tex.hasPrefix("$$") || Self.classes(of: node).contains("js-display-math")
        while tex.first == "$" || tex.first == "`" { tex.removeFirst() }
        while tex.last == "$" || tex.last == "`" { tex.removeLast() }
        output += TeXMath.mathML(String(tex), display: display, macros: &macros)
    }

    /// A video, as GitHub shows one uploaded to a README or a release: played where it is,
    /// from its address resolved like an image's, with the browser's controls and nothing
    /// loaded before it is asked for; a link to it for a browser that plays none. Only its
    /// own `src` (GitHub's rendering gives one); without one it goes, content and all, as it
    /// does inside any `<a>` (a link or a named anchor, which may hold neither controls nor a
    /// link) or a `<picture>` (which holds images only).
    mutating func writeVideo(_ node: xmlNodePtr) {
        writeVideo(node, source: XMLTree.attribute("src", of: node))
    }

    /// The same, from `source`, for `node` (the `<video>`, or the paragraph it stands for).
    mutating func writeVideo(_ node: xmlNodePtr, source: String?) {
        guard !Self.isInside(node, anyOf: ["a", "picture"]), let src = resolvedImage(source) else { return }
        let url = src.xmlEscaped
        output += "<video src=\"\(url)\" controls=\"controls\" preload=\"none\" playsinline=\"playsinline\">"
        output += "<a href=\"\(url)\">\(url)</a></video>"
    }

    /// The address of a video uploaded to GitHub that a paragraph holds alone, as a bare
    /// link: how GitHub's editor puts a video into a README (an image goes in as `<img>` or
    /// `![]()`), and what GitHub then plays where it stands. An upload is a
    /// `github.com/user-attachments/assets/UUID`, or, before 2024, a repository's
    /// `github.com/OWNER/NAME/assets/ID/UUID` or a `user-images.githubusercontent.com` file
    /// ending `.mp4`, `.mov` or `.webm`. Nil for any other paragraph.
    static func bareVideo(in paragraph: xmlNodePtr) -> String? {
        guard let link = firstContent(of: paragraph), link.pointee.type == XML_ELEMENT_NODE,
            XMLTree.name(of: link) == "a", lastContent(of: paragraph) == link,
            // A link that names an anchor, or holds more than its text, is a link the page keeps.
            XMLTree.attribute("name", of: link) == nil, XMLTree.attribute("id", of: link) == nil,
            Self.holdsTextOnly(link), let href = XMLTree.attribute("href", of: link),
            XMLTree.text(of: link).trimmingCharacters(in: .whitespaces) == href, isVideoUpload(href)
        else { return nil }
        return href
    }

    private static func holdsTextOnly(_ node: xmlNodePtr) -> Bool {
        var child = node.pointee.children
        while let current = child {
            guard current.pointee.type == XML_TEXT_NODE else { return false }
            child = current.pointee.next
        }
        return true
    }

    static func isVideoUpload(_ url: String) -> Bool {
        // As written: no user, port, query or percent-encoding, which GitHub's uploads never carry.
        guard !url.contains("%"), let components = URLComponents(string: url), components.scheme == "https",
            components.query == nil, components.user == nil, components.password == nil, components.port == nil
        else { return false }
        let parts = components.path.split(separator: "/")
        switch components.host {
        case "github.com":
            let uuid = parts.last.flatMap { UUID(uuidString: String($0)) } != nil
            return uuid
                && ((parts.count == 3 && parts[0] == "user-attachments" && parts[1] == "assets")
                    || (parts.count == 5 && parts[2] == "assets" && parts[3].allSatisfy(\.isNumber)))
        case "user-images.githubusercontent.com":
            return [".mp4", ".mov", ".webm"].contains { components.path.lowercased().hasSuffix($0) }
        default:
            return false
        }
    }

    /// Whether an element named in `names` holds `node`, at any depth.
    static func isInside(_ node: xmlNodePtr, anyOf names: Set<String>) -> Bool {
        var parent = node.pointee.parent
        while let element = parent, element.pointee.type == XML_ELEMENT_NODE {
            if names.contains(XMLTree.name(of: element)) { return true }
            parent = element.pointee.parent
        }
        return false
    }

    /// A task list's box. A disabled `<input>` is a form control, active content the page
    /// gate refuses; a glyph with a role and a name reads the same to everyone.
    /// Only a list item's own box, as cmark and GitHub write it: an `<input>` anywhere else,
    /// which GitHub takes out, is not drawn as a task.
    mutating func writeCheckbox(_ node: xmlNodePtr) {
        guard XMLTree.attribute("type", of: node)?.lowercased() == "checkbox", Self.isTaskBox(node) else { return }
        let checked = XMLTree.attribute("checked", of: node) != nil
        let box =
            checked
            ? "<span class=\"task-checkbox task-done\" role=\"img\" aria-label=\"\(settings.labels.taskDone)\">\u{2611}</span>"
            : "<span class=\"task-checkbox\" role=\"img\" aria-label=\"\(settings.labels.taskOpen)\">\u{2610}</span>"
        // In a loose list cmark writes the box before the item's paragraph: it goes inside,
        // on the line of its text, as on GitHub (if the paragraph is kept: not past `maxDepth`).
        var next = node.pointee.next
        while let sibling = next, sibling.pointee.type == XML_TEXT_NODE,
            XMLTree.content(of: sibling).allSatisfy(\.isWhitespace)
        {
            next = sibling.pointee.next
        }
        if depth < HTMLSanitiser.maxDepth, let paragraph = next, paragraph.pointee.type == XML_ELEMENT_NODE,
            XMLTree.name(of: paragraph) == "p"
        {
            pendingCheckbox = box
        } else {
            output += box
        }
    }

    /// Whether a list item opens with a task box, directly or in its first paragraph (a loose list).
    static func startsWithCheckbox(_ item: xmlNodePtr) -> Bool {
        guard let node = openingContent(of: item), XMLTree.name(of: node) == "input" else { return false }
        return XMLTree.attribute("type", of: node)?.lowercased() == "checkbox"
    }

    /// What a list item opens with: its first content, or its first paragraph's.
    private static func openingContent(of item: xmlNodePtr) -> xmlNodePtr? {
        let node = firstContent(of: item)
        if let paragraph = node, XMLTree.name(of: paragraph) == "p" { return firstContent(of: paragraph) }
        return node
    }

    /// Whether `input` is what its list item opens with (in the item, or its first paragraph).
    static func isTaskBox(_ input: xmlNodePtr) -> Bool {
        var item = input.pointee.parent
        if let parent = item, XMLTree.name(of: parent) == "p" { item = parent.pointee.parent }
        guard let item, item.pointee.type == XML_ELEMENT_NODE, XMLTree.name(of: item) == "li" else { return false }
        return openingContent(of: item) == input
    }

    /// GitHub's permalink beside a heading of its own rendering (`<a class="anchor">` around
    /// an icon): with the icon gone it would be a link with nothing to read or click.
    /// Its children are looked at before its text: a link holding links reads no text below
    /// it, so links nested in links cost each their own.
    static func isPermalink(_ link: xmlNodePtr) -> Bool {
        guard classes(of: link).contains("anchor") else { return false }
        var child = link.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, XMLTree.name(of: current) != "svg" { return false }
            child = current.pointee.next
        }
        return XMLTree.text(of: link).allSatisfy(\.isWhitespace)
    }

    /// The title of an alert GitHub rendered (release notes, a README in another markup) in the
    /// site's language: GitHub writes `<p class="markdown-alert-title">` with its icon and the
    /// kind's English name ("Note"), whatever the reader's language. Nil when the title is not
    /// GitHub's own for its box's kind, or already reads as the catalogue's `readme.KIND`.
    func alertTitle(of title: xmlNodePtr) -> String? {
        guard let box = title.pointee.parent, box.pointee.type == XML_ELEMENT_NODE,
            let kind = Self.classes(of: box).lazy.compactMap({
                $0.hasPrefix("markdown-alert-") ? Alert(rawValue: String($0.dropFirst("markdown-alert-".count))) : nil
            }).first,
            let label = settings.labels.alerts[kind.rawValue]
        else { return nil }
        let text = XMLTree.text(of: title).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.lowercased() == kind.rawValue, text.xmlEscaped != label else { return nil }
        return label
    }

    /// The first child that is an element or text with more than white space.
    static func firstContent(of node: xmlNodePtr) -> xmlNodePtr? {
        var child = node.pointee.children
        while let current = child, !isContent(current) { child = current.pointee.next }
        return child
    }

    /// The last child that is an element or text with more than white space.
    static func lastContent(of node: xmlNodePtr) -> xmlNodePtr? {
        var child = node.pointee.last
        while let current = child, !isContent(current) { child = current.pointee.prev }
        return child
    }

    /// Whether `node` is an element, or text with more than white space as HTML counts it
    /// (a no-break space is content: a browser shows it). Asked of every paragraph
    /// (`bareVideo`): text that starts with a visible ASCII character is told so from its
    /// first byte, without being copied.
    static func isContent(_ node: xmlNodePtr) -> Bool {
        switch node.pointee.type {
        case XML_ELEMENT_NODE: return true
        case XML_TEXT_NODE:
            if let first = node.pointee.content?.pointee, first > 0x20, first < 0x7F { return true }
            return BrowserNesting.hasContent(XMLTree.content(of: node))
        default: return false
        }
    }

    /// What GitHub draws a code block as, by its language: a Mermaid diagram, a map, a 3D model.
    static let diagrams = ["mermaid": "Mermaid", "geojson": "GeoJSON", "topojson": "TopoJSON", "stl": "STL"]

    private static func diagram(of pre: xmlNodePtr) -> String? {
        languageNames(of: pre).lazy.compactMap { diagrams[$0.lowercased()] }.first
    }

    private static func language(of pre: xmlNodePtr) -> SyntaxHighlighter.Language? {
        languageNames(of: pre).lazy.compactMap(SyntaxHighlighter.Language.init(named:)).first
    }

    /// The languages a code block names: its `lang` (GitHub's rendering), its `<code>`'s
    /// `language-…` class (cmark's), GitHub's `highlight-source-…` around it.
    private static func languageNames(of pre: xmlNodePtr) -> [String] {
        var names: [String] = []
        if let lang = XMLTree.attribute("lang", of: pre) { names.append(lang) }
        for code in XMLTree.children(of: pre, named: "code") {
            names += classes(of: code).compactMap { $0.hasPrefix("language-") ? String($0.dropFirst(9)) : nil }
        }
        if let parent = pre.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE {
            // `highlight-source-shell`; a session is GitHub's `highlight-text-shell-session`.
            names += classes(of: parent).compactMap {
                $0.hasPrefix("highlight-source-")
                    ? String($0.dropFirst(17)) : $0 == "highlight-text-shell-session" ? "shell-session" : nil
            }
        }
        return names
    }

    static func classes(of node: xmlNodePtr) -> [String] {
        (XMLTree.attribute("class", of: node) ?? "").split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    }
}
