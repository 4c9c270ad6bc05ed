internal import CLibXML2
import Foundation
import PageModels

extension HTMLSanitiser {
    /// One pass over libxml2's tree, writing what the allowlist keeps. Walks with the tree's
    /// own parent and sibling links, not recursion: a stranger's HTML chooses the depth.
    struct Writer {
        let settings: HTMLSanitiser
        /// The ids a fragment link may name: every one the document gives.
        let knownIDs: Set<String>
        /// The ids its headings give, which no other element may take.
        let headings: Set<String>
        var output = ""
        private(set) var headingIDs: Set<String> = []
        /// The ids given by anything but a heading: an anchor's `name` or `id`, a footnote's.
        private(set) var otherIDs: Set<String> = []
        private(set) var sawFragment = false
        /// The highest level of the document's own headings (1 for `#`), before the offset.
        private(set) var highestHeading = 7
        /// Whether the output differs in shape from the tree `tidy` mended: an element unwrapped
        /// or moved, or closed where a browser closes it. Only then may a list need mending
        /// again (`HTMLSanitiser.regrouped`).
        private(set) var rearranged = false
        /// A loose list item's task box, written once its paragraph has opened.
        var pendingCheckbox: String?
        private var slugs = HeadingSlugs()
        /// The commands the README's formulas defined so far, for its later formulas.
        var macros = TeXMath.Macros()
        private var frames: [Frame] = []
        private(set) var depth = 0
        private var linkDepth = 0
        private var codeDepth = 0
        private var pictureDepth = 0
        /// The elements written and still open, innermost last, each with what a start tag
        /// inside it would make a browser close or move (`BrowserNesting`), and its frame.
        private var open: [(context: BrowserNesting.Context, frame: Int)] = []
        /// The traits of the element `place` placed last, for its context once it is written.
        private var placedTraits: BrowserNesting.Traits = []
        /// A `<pre>` just opened, whose first line feed, if its text starts with one, goes.
        private var droppingLineFeed: xmlNodePtr?

        /// What leaving an entered element writes and undoes.
        private struct Frame {
            var closer: String? = nil
            var isLink = false
            var isCode = false
            var isPicture = false
            /// Where the element's start tag begins in `output`, in UTF-8 bytes.
            var start = 0
            /// Where the element's class names begin, should it have to become a `<div>`
            /// (`paragraphToDiv`, `inlineToDiv`).
            var classStart: Int?
            /// Written straight into a table, where a browser would move it out: it goes
            /// before the table once closed.
            var fostered = false
            /// A table's: what was moved out of it (`foster`), written before it once it is
            /// closed, in one move rather than one for each.
            var movedBefore = ""
        }

        init(settings: HTMLSanitiser, knownIDs: Set<String>, headings: Set<String>) {
            self.settings = settings
            self.knownIDs = knownIDs
            self.headings = headings
        }

        mutating func write(_ root: xmlNodePtr) {
            XMLTree.walk(root, enter: { enter($0) }, leave: { leave() })
        }

        /// Writes the start of a node; true when its children are to be visited (a frame was pushed).
        private mutating func enter(_ node: xmlNodePtr) -> Bool {
            // Only the node just after a `<pre>`'s start tag may lose a line feed.
            let openedPre = droppingLineFeed
            droppingLineFeed = nil
            switch node.pointee.type {
            case XML_TEXT_NODE:
                var text = XMLTree.content(of: node)
                // A browser drops a line feed just after `<pre>`; after its `<code>`, none is.
                if let openedPre, node.pointee.parent == openedPre, text.hasPrefix("\n") { text.removeFirst() }
                writeText((codeDepth > 0 ? text : Emoji.replacingShortcodes(in: text)).xmlEscaped)
                return false
            case XML_ELEMENT_NODE:
                return element(node)
            default:
                // Comments, processing instructions, CDATA: nothing a reader sees.
                return false
            }
        }

        /// Text, escaped: moved before its table where a browser would (straight in a row).
        private mutating func writeText(_ escaped: String) {
            let start = output.utf8.count
            output += escaped
            if open.last?.context.fostersText == true, BrowserNesting.hasContent(escaped) { foster(from: start) }
        }

        private mutating func leave() {
            guard let frame = frames.popLast() else { return }
            if let closer = frame.closer {
                output += closer
                depth -= 1
            }
            while open.last?.frame == frames.count { open.removeLast() }
            if !frame.movedBefore.isEmpty { insert(frame.movedBefore, at: frame.start) }
            if frame.fostered { foster(from: frame.start) }
            if frame.isLink { linkDepth -= 1 }
            if frame.isCode { codeDepth -= 1 }
            if frame.isPicture { pictureDepth -= 1 }
        }

        /// Whether `node` has an element among its children.
        private static func holdsElement(_ node: xmlNodePtr) -> Bool {
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { return true }
                child = current.pointee.next
            }
            return false
        }

        /// An element kept unwrapped: its content is visited, its tags are not written.
        private mutating func transparent(_ node: xmlNodePtr) -> Bool {
            // The elements it holds now stand where it stood: in a list, perhaps, which `tidy`
            // mended with it whole (its text went into an item with it). The document's own
            // `<html>` and `<body>` hold the README itself.
            if Self.holdsElement(node), !["html", "body"].contains(XMLTree.name(of: node)) { rearranged = true }
            frames.append(Frame())
            return true
        }

        private mutating func element(_ node: xmlNodePtr) -> Bool {
            let raw = XMLTree.name(of: node)
            if raw == "video" {
                whole("video") { writer, _ in writer.writeVideo(node) }
                return false
            }
            if raw == "p", let video = Self.bareVideo(in: node), !Self.isInside(node, anyOf: ["a", "picture"]) {
                whole("video") { writer, _ in writer.writeVideo(node, source: video) }
                return false
            }
            // `<embed>` is void, but libxml2's parser nests whatever follows it inside: the
            // element goes, and that is written as the text after it, as a browser shows it.
            if raw == "embed" { return transparent(node) }
            guard !HTMLSanitiser.droppedWithContent.contains(raw) else { return false }
            let name = HTMLSanitiser.renamed[raw] ?? raw
            switch name {
            case "pre" where !Self.keepsMarkup(node):
                whole("pre") { $0.writePre(node, asBlock: $1 != .inLine) }
                return false
            case "input":
                whole("input") { writer, _ in writer.writeCheckbox(node) }
                return transparent(node)
            case "code" where Self.holdsMath(node):
                // Inline math `MathSpans` handed on as code.
                whole("math") { writer, _ in
                    writer.output += TeXMath.mathML(
                        String(XMLTree.text(of: node).dropFirst()), display: false, macros: &writer.macros)
                }
                return false
            case "math-renderer":
                // GitHub's own rendering of math (release notes, a README in another
                // markup): the TeX between its dollars, laid out here.
                whole("math") { writer, _ in writer.writeMath(node) }
                return false
            default:
                break
            }
            guard HTMLSanitiser.keptElements.contains(name) else { return transparent(node) }
            // Where a browser would put it (`place`), before anything is decided from where it is.
            let placement = place(name == "a" && linkDepth > 0 ? "span" : name)
            // A `<pre>` kept with its markup, where no block may stand: its lines as a line's
            // code, as `writePre` writes any other there (`whole`, placed as here).
            if name == "pre", placement == .inLine {
                writePre(node, asBlock: false)
                return false
            }
            if placement == .unwrapped || placement == .inLine { return transparent(node) }
            let isVoid = HTMLSanitiser.voidElements.contains(name)
            guard isVoid || depth < HTMLSanitiser.maxDepth else { return transparent(node) }

            var attributes: [(String, String)] = []
            var frame = Frame()
            var tag = name
            /// The element a browser reads it as, where that is not what is written (a
            /// heading's stand-in, `<span role="heading">`, placed and read as its heading).
            var readAs: String?
            var extraClass: String?
            /// Written last inside the element.
            var closing = ""
            /// Written first inside the element.
            var opening = ""
            /// An image's own address, which a link around it leads to.
            var selfLink: String?
            // HTML allows no definition inside another; a browser shows it as its text.
            if name == "dfn", open.contains(where: { $0.context.name == "dfn" }) { tag = "span" }
            switch name {
            case "a":
                if Self.isPermalink(node) { return false }
                // An anchor a link may lead to (`<a name="install">`, a footnote's reference)
                // keeps its name as an id, linking or not; inside another link (no link may
                // hold one) on a `<span>`.
                let rawID = XMLTree.attribute("id", of: node) ?? XMLTree.attribute("name", of: node)
                let id = givenID(rawID)
                let insideLink = isInsideLink(placement)
                let rawHref = XMLTree.attribute("href", of: node)
                let href = !insideLink ? resolvedLink(rawHref) : nil
                // Whether it is written at all is decided alike in both passes, though only the
                // second knows which fragments name an id and which ids a heading takes: what
                // is written around it (`place`), and so every heading's id, must not change
                // between them. A link to a fragment is a link either way (without `href`
                // where the fragment names no id: GitHub's CSS shows such an `<a>` as text),
                // and a named anchor an `<a>` (without `id` where a heading takes it).
                let linksToFragment = !insideLink && rawHref.map(Self.namesFragment) == true
                let named = rawID.map(Self.canBeID) == true
                guard href != nil || linksToFragment || named else { return transparent(node) }
                if href != nil || linksToFragment {
                    if let href { attributes.append(("href", href)) }
                    frame.isLink = true
                    // cmark (its class) and GitHub (its attribute) name a footnote's ↩ in
                    // English; the site's language names it here.
                    if href != nil,
                        Self.classes(of: node).contains("footnote-backref")
                            || XMLTree.attribute("data-footnote-backref", of: node) != nil
                    {
                        attributes.append(("aria-label", settings.labels.footnoteBack))
                    }
                } else if insideLink {
                    tag = "span"
                }
                if let id { attributes.append(("id", id)) }
            case "section":
                // cmark's footnotes, the one section kept, as GitHub keeps it (in a header
                // cell or a term, which HTML allows no section in, its content only).
                guard Self.classes(of: node).contains("footnotes"), !inHeaderCellOrTerm(placement) else {
                    return transparent(node)
                }
            case "img":
                guard let src = resolvedImage(XMLTree.attribute("src", of: node)) else {
                    // An image that cannot be shown is its alt text, as a browser shows it.
                    writeText(Emoji.replacingShortcodes(in: XMLTree.attribute("alt", of: node) ?? "").xmlEscaped)
                    return transparent(node)
                }
                attributes.append(("src", src))
                if XMLTree.attribute("alt", of: node) == nil { attributes.append(("alt", "")) }
                // GitHub links an image that no link holds to itself: a click shows it whole.
                if pictureDepth == 0, !isInsideLink(placement) { selfLink = src }
            case "source":
                // A source whose `media` or `type` HTML cannot read is one a browser never picks.
                guard pictureDepth > 0, let srcset = resolvedSrcset(XMLTree.attribute("srcset", of: node)),
                    XMLTree.attribute("media", of: node).map(HTMLSanitiser.isMediaQueryList) ?? true,
                    XMLTree.attribute("type", of: node).map(HTMLSanitiser.isMIMEType) ?? true
                else {
                    return transparent(node)
                }
                attributes.append(("srcset", srcset))
            case "pre":
                // A README's own `<pre>` with links or emphasis in its lines (`keepsMarkup`):
                // kept, as GitHub keeps it, in the `<code>` every code block is written in.
                (opening, closing) = ("<code>", "</code>")
                frame.isCode = true
                droppingLineFeed = node
            case "picture":
                frame.isPicture = true
            case "code", "kbd", "samp":
                frame.isCode = true
            case "h1", "h2", "h3", "h4", "h5", "h6":
                // GitHub's own footnotes open with a heading only screen readers hear (its
                // class `sr-only`, which goes): gone, as from cmark's footnotes, which have none.
                if Self.classes(of: node).contains("sr-only"), XMLTree.attribute("id", of: node) == "footnote-label" {
                    return false
                }
                highestHeading = min(highestHeading, Int(name.dropFirst()) ?? 6)
                let level = max(1, (Int(name.dropFirst()) ?? 6) + settings.headingOffset)
                tag = "h\(min(6, level))"
                // Below h6, a class keeps the level for the theme: #### to ###### demoted two
                // levels would otherwise all look alike, where GitHub draws three sizes.
                if level > 6 { extraClass = "level-\(min(level, 9))" }
                // A README's table of features headed `<th><h3>`, or a term that is a heading:
                // HTML allows no heading in a header cell or a term, GitHub writes it there
                // all the same. A heading by its role keeps both for a screen reader, the
                // column's header and the heading, and the themes show it as the heading.
                // Its content is a heading's, a line's content, which a `<span>` may hold
                // wherever it stands (in a `<summary>` too, where no `<div>` may).
                if inHeaderCellOrTerm(placement) {
                    readAs = tag
                    tag = "span"
                    attributes += [("role", "heading"), ("aria-level", String(min(level, 9)))]
                }
                // Slugged from the text as written, as GitHub does: an emoji goes (a symbol), a
                // `:rocket:` shortcode stays a word (`#rocket-install` in real READMEs' contents).
                // A heading inside it is left out: a browser reads most such as headings of their
                // own (and read again for each heading around it, hostile nesting would cost its square).
                let text = XMLTree.text(of: node) { BrowserNesting.headings.contains(XMLTree.name(of: $0)) }
                let id = settings.idPrefix + slugs.next(for: text)
                headingIDs.insert(id)
                attributes.append(("id", id))
                // Its own id too (`<h2 id="setup">`, raw HTML), which links name as they name a
                // `<div id>`: on the anchor, as an element has one id, or on an empty span.
                let own = givenID(XMLTree.attribute("id", of: node)).map { " id=\"\($0.xmlEscaped)\"" } ?? ""
                // Not inside an `<a>`, a link or a named anchor: no `<a>` may hold another.
                if settings.permalinks, !isInsideLink(placement) {
                    let href = URLSyntax.valid(LinkPolicy.link(to: id))
                    closing =
                        "<a class=\"anchor\"\(own) href=\"\(href.xmlEscaped)\" aria-hidden=\"true\" tabindex=\"-1\"></a>"
                } else if !own.isEmpty {
                    closing = "<span\(own)></span>"
                }
            default:
                if let id = givenID(XMLTree.attribute("id", of: node)) { attributes.append(("id", id)) }
            }
            var classes = keptClasses(of: node)
            if let extraClass { classes.append(extraClass) }
            if name == "li", Self.startsWithCheckbox(node) { classes.append("task-list-item") }
            let align = XMLTree.attribute("align", of: node)?.lowercased()
            // An image is aligned only to a side (`center` and `justify` are no image's).
            if let align, HTMLSanitiser.alignments.contains(align), name != "img" || ["left", "right"].contains(align) {
                classes.append("align-\(align)")
            }
            let valign = XMLTree.attribute("valign", of: node)?.lowercased()
            if let vertical = HTMLSanitiser.verticalAlignment(of: name, valign: valign, align: align) {
                classes.append("valign-\(vertical)")
            }
            if !classes.isEmpty { attributes.append(("class", classes.joined(separator: " "))) }
            attributes += otherAttributes(of: node, element: name)
            // An override of the text's direction needs one: without it, a browser overrides
            // with the direction the page has, left to right.
            if name == "bdo", !attributes.contains(where: { $0 == ("dir", "ltr") || $0 == ("dir", "rtl") }) {
                attributes.removeAll { $0.0 == "dir" }
                attributes.append(("dir", "ltr"))
            }

            frame.fostered = placement == .beforeTable
            frame.start = output.utf8.count
            if let selfLink { output += "<a href=\"" + selfLink.xmlEscaped + "\">" }
            output += "<" + tag
            for (attribute, value) in attributes {
                output += " "
                output += attribute
                output += "=\""
                if attribute == "class" { frame.classStart = output.utf8.count }
                output += value.xmlEscaped
                output += "\""
            }
            if isVoid {
                // A void element libxml2 did not know (`source`) may have taken what follows as
                // its content: that content is written after it, as a browser would. Moved
                // before its table, the element goes there alone: what follows stays put.
                output += selfLink == nil ? " />" : " /></a>"
                if frame.fostered { foster(from: frame.start) }
                frames.append(Frame())
                return true
            }
            output += ">" + opening
            if name == "p", let checkbox = pendingCheckbox {
                output += checkbox
                pendingCheckbox = nil
            }
            if name == "p", classes.contains("markdown-alert-title"), let title = alertTitle(of: node) {
                // GitHub's English title (and its icon) gives way to the site's word for it.
                output += title + "</\(tag)>"
                if frame.fostered { foster(from: frame.start) }
                return false
            }
            frame.closer = closing + "</\(tag)>"
            // What is moved before its table is read there, outside the table's parts.
            let context = frame.fostered ? contextBeforeTable : open.last?.context ?? .root
            // As written: a link inside a link is a `<span>`, which holds a line's content only.
            // A heading's stand-in as its heading: what it holds is placed as in a heading.
            let read = readAs ?? tag
            let traits = read == name ? placedTraits : BrowserNesting.traits(of: read)
            open.append((context.entering(read, traits), frames.count))
            depth += 1
            if frame.isLink { linkDepth += 1 }
            if frame.isCode { codeDepth += 1 }
            if frame.isPicture { pictureDepth += 1 }
            frames.append(frame)
            return true
        }

        /// Something written whole (a code block, a video, a formula), as an element `tag`
        /// is: with what a browser would close or move at it written around (`place`), and
        /// told where it goes (a code block in a heading is written `.inLine`). None of these
        /// closes what holds a table, so each may always go before one.
        private mutating func whole(_ tag: String, _ write: (inout Self, Placement) -> Void) {
            let placement = place(tag)
            let start = output.utf8.count
            write(&self, placement)
            if placement == .beforeTable || placement == .unwrapped { foster(from: start) }
        }

        /// Whether an element placed as `placement` is inside a link: no link may hold another.
        /// Moved out of a table that a link holds, it is inside that link too. An anchor that is
        /// no link (`<a name>`) holds it too where a browser keeps that open, behind a table's
        /// cell (at any other `<a>` it closes it: `place`).
        private func isInsideLink(_ placement: Placement) -> Bool {
            linkDepth > 0 || (placement == .beforeTable && contextBeforeTable.link)
                || open.contains { $0.context.name == "a" }
        }

        /// Whether an element placed as `placement` goes inside a `<th>` or a `<dt>`, which
        /// HTML allows no heading or section in. Moved before its table, it is inside what
        /// holds the table only.
        private func inHeaderCellOrTerm(_ placement: Placement) -> Bool {
            let holders =
                placement == .beforeTable
                ? open[..<(open.lastIndex { $0.context.name == "table" } ?? open.count)] : open[...]
            return holders.contains { $0.context.name == "th" || $0.context.name == "dt" }
        }

        /// Where a browser's parser puts an element (`BrowserNesting`).
        enum Placement {
            /// Where it is in libxml2's tree, once what it closes is closed.
            case here
            /// Before the innermost open table, out of which a browser moves it (`foster`).
            case beforeTable
            /// Its content only: a row or a cell outside a table's parts, whose tag a browser
            /// drops; or what a table moves out where, moved, it would close what holds the
            /// table (an `<li>` in a table in an `<li>`).
            case unwrapped
            /// Where it is, as a line's content (its content only, a code block's lines as a
            /// `<code>`): a block in a heading, a summary or a ruby, where HTML allows none
            /// and no `<div>` can stand for what holds it (`inlineToDiv`).
            case inLine
        }

        /// Before a start tag of `tag`: closes, as a browser's parser would, what the tag
        /// closes (a heading straight in a heading, an `<li>` in an `<li>`), and turns an open
        /// paragraph the tag would end into a `<div class="paragraph">`, which may hold it (a
        /// browser would end the paragraph there, and the text after the block would leave
        /// it), and a `<b>` or `<span>` a block would stand in into a `<div class="inline …">`
        /// (`inlineToDiv`). Then says where the element goes.
        private mutating func place(_ tag: String) -> Placement {
            let traits = BrowserNesting.traits(of: tag)
            placedTraits = traits
            while let conflict = (open.last?.context ?? .root).conflict(with: tag, traits) {
                rearranged = true
                switch conflict {
                case .fostered:
                    // Read where it is moved to; a link there is a `<span>` (`element`).
                    guard tag == "a" || contextBeforeTable.conflict(with: tag, traits) == nil else { return .unwrapped }
                    return .beforeTable
                case .dropsTag: return .unwrapped
                // A README is written inside the page's body, never in its `<html>` or `<head>`.
                case .movedIntoBody: return .here
                case .closesParagraph:
                    // Only a written `<p>` sets the flag, so there is one to turn.
                    guard paragraphToDiv() else {
                        assertionFailure("no open <p> for a paragraph to close")
                        return .here
                    }
                case .closes(let name): close(through: name)
                case .nestedLink: close(through: "a")
                case .blockInPhrasing: guard inlineToDiv() else { return .inLine }
                }
            }
            // A table in a table's caption, which HTML allows none in though a browser shows it
            // there: moved before the table, as what a table holds outside its parts is.
            if tag == "table", let table = open.lastIndex(where: { $0.context.name == "table" }),
                open[table...].contains(where: { $0.context.name == "caption" })
            {
                rearranged = true
                return contextBeforeTable.conflict(with: tag, traits) == nil ? .beforeTable : .unwrapped
            }
            return .here
        }

        /// Where the innermost open table stands: what is moved out of it is read there.
        private var contextBeforeTable: BrowserNesting.Context { context(beforeTableBelow: open.count) }

        private func context(beforeTableBelow index: Int) -> BrowserNesting.Context {
            guard let table = open[..<index].lastIndex(where: { $0.context.name == "table" }), table > 0 else {
                return .root
            }
            return open[table - 1].context
        }

        /// Writes the end tags of the open elements down to the innermost `name`, which a
        /// browser closes there: leaving their frames later writes nothing. What was to go
        /// before its table goes there now, while the table is still open.
        private mutating func close(through name: String) {
            assert(open.contains { $0.context.name == name }, "no open <\(name)> to close")
            while let last = open.last {
                for index in stride(from: frames.count - 1, through: last.frame, by: -1) {
                    if let closer = frames[index].closer {
                        output += closer
                        depth -= 1
                        frames[index].closer = nil
                    }
                    if !frames[index].movedBefore.isEmpty {
                        insert(frames[index].movedBefore, at: frames[index].start)
                        frames[index].movedBefore = ""
                    }
                    if frames[index].fostered {
                        frames[index].fostered = false
                        foster(from: frames[index].start)
                    }
                }
                while open.last?.frame == last.frame { open.removeLast() }
                if last.context.name == name { return }
            }
        }

        /// The innermost open paragraph, written as a `<div class="paragraph">` (the themes
        /// space it as a paragraph): a block inside it stays inside, as it was written.
        @discardableResult
        private mutating func paragraphToDiv() -> Bool {
            guard let index = open.lastIndex(where: { $0.context.name == "p" }) else { return false }
            writeAsDiv(index, classes: "paragraph")
            deriveContexts(from: index)
            return true
        }

        /// Before a block inside elements of a line (a `<ul>` in a `<b>`, a `<div>` in a
        /// `<span>` in a link), which HTML does not allow though a browser shows it: each of
        /// those elements becomes a `<div class="inline inline-b">`, which may hold the block.
        /// The themes give it no box of its own (`display: contents`) and the look of the
        /// element it stands for, so the page looks as the README was written. False, with
        /// nothing changed, where one of them is a heading, a summary or a ruby's part, which
        /// no `<div>` can stand for.
        private mutating func inlineToDiv() -> Bool {
            var first = open.count
            while first > 0, open[first - 1].context.phrasing != nil { first -= 1 }
            let holders = (first..<open.count).filter { open[$0].context.traits.contains(.holdsPhrasing) }
            guard !holders.isEmpty,
                holders.allSatisfy({ HTMLSanitiser.inlineAsDiv.contains(open[$0].context.name ?? "") })
            else { return false }
            for index in holders { writeAsDiv(index, classes: "inline inline-\(open[index].context.name ?? "")") }
            deriveContexts(from: first)
            return true
        }

        /// Writes the open element at `index` of `open` as a `<div>`, with `classes` before any
        /// class names it has, and names it so there; its context is left to `deriveContexts`.
        private mutating func writeAsDiv(_ index: Int, classes: String) {
            let frame = frames[open[index].frame]
            let written = 1 + (open[index].context.name ?? "").utf8.count
            // The class names first: they come after the tag's name, which moves them on.
            if let classStart = frame.classStart {
                insert(classes + " ", at: classStart)
                replace(written, at: frame.start, with: "<div")
            } else {
                replace(written, at: frame.start, with: "<div class=\"\(classes)\"")
            }
            frames[open[index].frame].closer = "</div>"
            open[index].context.name = "div"
        }

        /// The contexts of the open elements from `first` on, derived again from their names
        /// as now written, each inside the one below it (or where its table moves it).
        private mutating func deriveContexts(from first: Int) {
            for above in first..<open.count {
                let outer =
                    frames[open[above].frame].fostered
                    ? context(beforeTableBelow: above) : above == 0 ? .root : open[above - 1].context
                open[above].context = outer.entering(open[above].context.name ?? "")
            }
        }

        /// Moves what was written from `start` on to just before the innermost open table:
        /// kept aside until the table is closed (`movedBefore`), and written before it then.
        /// Each move into place shifts the whole table, so a table holding thousands of
        /// such pieces would cost the square of its length.
        private mutating func foster(from start: Int) {
            // Not the table itself, which is still open while `close` moves it out of a caption.
            guard let table = open.last(where: { $0.context.name == "table" && frames[$0.frame].start < start }),
                start < output.utf8.count
            else { return }
            rearranged = true
            let from = output.utf8.index(output.utf8.startIndex, offsetBy: start)
            frames[table.frame].movedBefore += output[from...]
            output.removeSubrange(from...)
        }

        /// Inserts `text` at `offset` (UTF-8 bytes) of `output`; the open elements after it move on.
        private mutating func insert(_ text: String, at offset: Int) {
            replace(0, at: offset, with: text)
        }

        /// Replaces `count` UTF-8 bytes at `offset` of `output` with `text`, and moves on the
        /// positions kept after them. Only the open elements' positions are read again
        /// (`writeAsDiv`, and a table's as it closes), so only theirs move: at most `maxDepth`
        /// of them, however many frames a stranger's nesting leaves below (each one moved
        /// would make a README of many conversions cost the square of its length).
        private mutating func replace(_ count: Int, at offset: Int, with text: String) {
            let from = output.utf8.index(output.utf8.startIndex, offsetBy: offset)
            let to = output.utf8.index(from, offsetBy: count)
            output.replaceSubrange(from..<to, with: text)
            let shift = text.utf8.count - count
            // Each open element has its own frame (`element` pushes one per entry).
            for entry in open {
                if frames[entry.frame].start > offset || (count == 0 && frames[entry.frame].start == offset) {
                    frames[entry.frame].start += shift
                }
                if let classStart = frames[entry.frame].classStart, classStart > offset {
                    frames[entry.frame].classStart = classStart + shift
                }
            }
        }

        private func keptClasses(of node: xmlNodePtr) -> [String] {
            guard let value = XMLTree.attribute("class", of: node) else { return [] }
            var seen: Set<String> = []
            return value.split(whereSeparator: \.isWhitespace).map(String.init).filter {
                HTMLSanitiser.keptClasses.contains($0) && seen.insert($0).inserted
            }
        }

        /// The global attributes and the element's own, each only with a value it may take.
        private func otherAttributes(of node: xmlNodePtr, element: String) -> [(String, String)] {
            var kept: [(String, String)] = []
            /// What obsolete layout attributes say, as the CSS a browser reads them as: one `style`.
            var styles: [String] = []
            let own = HTMLSanitiser.elementAttributes[element] ?? [:]
            var property = node.pointee.properties
            while let attribute = property {
                property = attribute.pointee.next
                let name = attribute.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                let value = XMLTree.attributeValue(attribute)
                if let allowed = HTMLSanitiser.globalAttributes[name], own[name] == nil {
                    if let allowed, !allowed.contains(value.lowercased()) { continue }
                    kept.append((name, allowed == nil ? value : value.lowercased()))
                    continue
                }
                switch own[name] {
                case .text?: kept.append((name, value))
                case .number?:
                    // Read as a browser reads a dimension: the digits, whatever follows them
                    // (`width="100px;"`, the all-contributors table's, is 100, as GitHub keeps
                    // it). A percentage is no number an HTML attribute may hold: a width in
                    // per cent (screenshots side by side at 49%, a README's grid of three at
                    // 33%) becomes the style a browser reads it as; any other is dropped. A
                    // table's or a cell's width is obsolete as an attribute: in pixels, a style too.
                    let number: Int
                    switch Self.dimension(value) {
                    case .percent(let percent)?:
                        if name == "width", element != "source", (1...100).contains(percent) {
                            styles.append("width: \(percent)%")
                        }
                        continue
                    case .pixels(let pixels)?: number = pixels
                    case nil: continue
                    }
                    switch name {
                    case "width" where ["table", "td", "th"].contains(element): styles.append("width: \(number)px")
                    // An image's space beside and above it, which profile READMEs set
                    // between logos in a row (`<img hspace="5">`), as GitHub keeps it.
                    case "hspace": styles.append("margin-left: \(number)px; margin-right: \(number)px")
                    case "vspace": styles.append("margin-top: \(number)px; margin-bottom: \(number)px")
                    // A browser spans one column for 0, and no more than 1,000 columns or
                    // 65,534 rows (`tidy` fits a table's spans to its grid: `fitSpans`).
                    case "colspan" where number == 0: break
                    case "colspan": kept.append((name, String(min(number, 1_000))))
                    case "rowspan": kept.append((name, String(min(number, 65_534))))
                    default: kept.append((name, String(number)))
                    }
                case .flag?: kept.append((name, name))
                case .oneOf(let values)?:
                    // Case tells `type="a"` from `type="A"`; a `clear` is read in any case.
                    let value = name == "clear" ? value.lowercased() : value
                    guard values.contains(value) else { continue }
                    // `<br clear="all">` ends the float of an image aligned left or right.
                    if name == "clear" {
                        styles.append("clear: \(value == "all" ? "both" : value)")
                    } else {
                        kept.append((name, value))
                    }
                case nil: break
                }
            }
            if !styles.isEmpty { kept.append(("style", styles.joined(separator: "; "))) }
            return kept
        }

        /// A width, height or span as a browser reads it: whole pixels, or a whole percentage.
        enum Dimension: Equatable {
            case pixels(Int)
            case percent(Int)
        }

        /// A dimension as HTML's rules for parsing one read it: after white space, up to six
        /// digits (any fraction dropped), a percentage when `%` follows them, else pixels
        /// whatever follows (`100px;`, `100 px`); nil without a digit first.
        static func dimension(_ value: String) -> Dimension? {
            var rest = value.utf8.drop(while: \.isHTMLWhitespace)
            let digits = rest.prefix { (0x30...0x39).contains($0) }
            guard (1...6).contains(digits.count), let number = Int(String(decoding: digits, as: UTF8.self)) else {
                return nil
            }
            rest = rest.dropFirst(digits.count)
            if rest.first == UInt8(ascii: ".") { rest = rest.dropFirst().drop { (0x30...0x39).contains($0) } }
            return rest.first == UInt8(ascii: "%") ? .percent(number) : .pixels(number)
        }

        /// The id an element of the document is given, prefixed as the page writes it: nil
        /// where it cannot be one (`LinkPolicy.documentID`), is longer than 256 bytes (a
        /// heading's slug may be: links to it still follow), a heading gives it, or an element
        /// before took it (a page's ids are unique: the validator refuses a repeat).
        private mutating func givenID(_ raw: String?) -> String? {
            guard let raw, raw.utf8.count <= 256, let id = LinkPolicy.documentID(raw).map({ settings.idPrefix + $0 }),
                !headings.contains(id), !headingIDs.contains(id), otherIDs.insert(id).inserted
            else { return nil }
            return id
        }

        private mutating func resolvedLink(_ href: String?) -> String? {
            guard let href else { return nil }
            if LinkPolicy.fragment(of: href) != nil {
                if let page = settings.fragmentPage { return LinkPolicy.fragment(href, onPage: page) }
                sawFragment = true
            }
            return LinkPolicy.resolve(
                href, base: settings.linkBase, root: settings.rootLinkBase, fragmentPrefix: settings.idPrefix,
                knownIDs: knownIDs)
        }

        func resolvedImage(_ src: String?) -> String? { settings.imageSource(src) }

        /// Whether `href` links to a fragment that could be an id of the document (known or not).
        private static func namesFragment(_ href: String) -> Bool {
            LinkPolicy.fragment(of: href).flatMap(LinkPolicy.documentID) != nil
        }

        /// Whether `raw` can be an id of the document (`givenID` may still refuse it as taken).
        private static func canBeID(_ raw: String) -> Bool {
            raw.utf8.count <= 256 && LinkPolicy.documentID(raw) != nil
        }

        /// Each candidate's URL resolved like an image's; left out, a candidate with a URL that
        /// may not stay, one sized by width (`200w`, which HTML reads only beside a `sizes`
        /// that no README source keeps) and one whose density is none or another's already
        /// (a browser takes the first): HTML then reads every one.
        private func resolvedSrcset(_ srcset: String?) -> String? {
            guard let srcset else { return nil }
            var densities: Set<Double> = []
            let candidates = srcset.split(separator: ",").compactMap { candidate -> String? in
                let parts = candidate.split(whereSeparator: \.isWhitespace)
                guard let url = parts.first.flatMap({ resolvedImage(String($0)) }), parts.count <= 2 else { return nil }
                let descriptor = parts.count == 2 ? parts[1] : ""
                guard let density = HTMLSanitiser.density(descriptor), densities.insert(density).inserted else {
                    return nil
                }
                return descriptor.isEmpty ? url : "\(url) \(descriptor)"
            }
            return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
        }
    }

    /// What an image's `src` is written as: resolved against the README's place, or the
    /// site's copy of it; nil where it may not stay (`javascript:`, a fragment), and the image
    /// is then its alt text.
    func imageSource(_ src: String?) -> String? {
        guard let src, !Self.isFragment(src) else { return nil }
        return LinkPolicy.resolve(src, base: imageBase, root: rootImageBase, fragmentPrefix: idPrefix, knownIDs: [])
            .map(LinkPolicy.imageFile).map { localImages[$0] ?? $0 }
    }

    /// Whether the URL, spaces and tabs aside (`CharacterSet.whitespaces`), starts with `#`.
    private static func isFragment(_ url: String) -> Bool {
        url.unicodeScalars.first { $0 != "\t" && $0.properties.generalCategory != .spaceSeparator } == "#"
    }
}
