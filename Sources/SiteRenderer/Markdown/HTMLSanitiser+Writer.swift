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
        /// A loose list item's task box, written once its paragraph has opened.
        var pendingCheckbox: String?
        private var slugs = HeadingSlugs()
        private var frames: [Frame] = []
        private(set) var depth = 0
        private var linkDepth = 0
        private var codeDepth = 0
        private var pictureDepth = 0

        /// What leaving an entered element writes and undoes.
        private struct Frame {
            var closer: String? = nil
            var isLink = false
            var isCode = false
            var isPicture = false
        }

        init(settings: HTMLSanitiser, knownIDs: Set<String>, headings: Set<String>) {
            self.settings = settings
            self.knownIDs = knownIDs
            self.headings = headings
        }

        mutating func write(_ root: xmlNodePtr) {
            var node: xmlNodePtr? = root
            while let current = node {
                if enter(current) {
                    if let child = current.pointee.children {
                        node = child
                        continue
                    }
                    leave()
                }
                var done = current
                node = nil
                while done != root {
                    if let next = done.pointee.next {
                        node = next
                        break
                    }
                    guard let parent = done.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { break }
                    leave()
                    done = parent
                }
            }
        }

        /// Writes the start of a node; true when its children are to be visited (a frame was pushed).
        private mutating func enter(_ node: xmlNodePtr) -> Bool {
            switch node.pointee.type {
            case XML_TEXT_NODE:
                let text = XMLTree.content(of: node)
                output += (codeDepth > 0 ? text : Emoji.replacingShortcodes(in: text)).xmlEscaped
                return false
            case XML_ELEMENT_NODE:
                return element(node)
            default:
                // Comments, processing instructions, CDATA: nothing a reader sees.
                return false
            }
        }

        private mutating func leave() {
            guard let frame = frames.popLast() else { return }
            if let closer = frame.closer {
                output += closer
                depth -= 1
            }
            if frame.isLink { linkDepth -= 1 }
            if frame.isCode { codeDepth -= 1 }
            if frame.isPicture { pictureDepth -= 1 }
        }

        /// An element kept unwrapped: its content is visited, its tags are not written.
        private mutating func transparent() -> Bool {
            frames.append(Frame())
            return true
        }

        private mutating func element(_ node: xmlNodePtr) -> Bool {
            let raw = XMLTree.name(of: node)
            if raw == "video" {
                writeVideo(node)
                return false
            }
            if raw == "p", let video = Self.bareVideo(in: node), !Self.isInside(node, anyOf: ["a", "picture"]) {
                writeVideo(node, source: video)
                return false
            }
            // `<embed>` is void, but libxml2's parser nests whatever follows it inside: the
            // element goes, and that is written as the text after it, as a browser shows it.
            if raw == "embed" { return transparent() }
            guard !HTMLSanitiser.droppedWithContent.contains(raw) else { return false }
            let name = HTMLSanitiser.renamed[raw] ?? raw
            switch name {
            case "pre":
                writePre(node)
                return false
            case "input":
                writeCheckbox(node)
                return transparent()
            case "code" where Self.holdsMath(node):
                // Inline math `MathSpans` handed on as code.
                output += TeXMath.mathML(String(XMLTree.text(of: node).dropFirst()), display: false)
                return false
            case "math-renderer":
                // GitHub's own rendering of math (release notes, a README in another
                // markup): the TeX between its dollars, laid out here.
                writeMath(node)
                return false
            default:
                break
            }
            guard HTMLSanitiser.keptElements.contains(name) else { return transparent() }
            let isVoid = HTMLSanitiser.voidElements.contains(name)
            guard isVoid || depth < HTMLSanitiser.maxDepth else { return transparent() }

            var attributes: [(String, String)] = []
            var frame = Frame()
            var tag = name
            var extraClass: String?
            /// Written last inside the element.
            var closing = ""
            switch name {
            case "a":
                if Self.isPermalink(node) { return false }
                // An anchor a link may lead to (`<a name="install">`, a footnote's reference)
                // keeps its name as an id, linking or not; inside another link (no link may
                // hold one) on a `<span>`.
                let id = givenID(XMLTree.attribute("id", of: node) ?? XMLTree.attribute("name", of: node))
                let href = linkDepth == 0 ? resolvedLink(XMLTree.attribute("href", of: node)) : nil
                guard href != nil || id != nil else { return transparent() }
                if let href {
                    attributes.append(("href", href))
                    frame.isLink = true
                    // cmark (its class) and GitHub (its attribute) name a footnote's ↩ in
                    // English; the site's language names it here.
                    if Self.classes(of: node).contains("footnote-backref")
                        || XMLTree.attribute("data-footnote-backref", of: node) != nil
                    {
                        attributes.append(("aria-label", settings.labels.footnoteBack))
                    }
                } else if linkDepth > 0 {
                    tag = "span"
                }
                if let id { attributes.append(("id", id)) }
            case "section":
                // cmark's footnotes, the one section kept, as GitHub keeps it.
                guard Self.classes(of: node).contains("footnotes") else { return transparent() }
            case "img":
                guard let src = resolvedImage(XMLTree.attribute("src", of: node)) else {
                    // An image that cannot be shown is its alt text, as a browser shows it.
                    output += Emoji.replacingShortcodes(in: XMLTree.attribute("alt", of: node) ?? "").xmlEscaped
                    return transparent()
                }
                attributes.append(("src", src))
                if XMLTree.attribute("alt", of: node) == nil { attributes.append(("alt", "")) }
            case "source":
                guard pictureDepth > 0, let srcset = resolvedSrcset(XMLTree.attribute("srcset", of: node)) else {
                    return transparent()
                }
                attributes.append(("srcset", srcset))
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
                let level = max(1, (Int(name.dropFirst()) ?? 6) + settings.headingOffset)
                tag = "h\(min(6, level))"
                // Below h6, a class keeps the level for the theme: #### to ###### demoted two
                // levels would otherwise all look alike, where GitHub draws three sizes.
                if level > 6 { extraClass = "level-\(min(level, 9))" }
                // Slugged from the text a reader sees, emoji and all, as GitHub does.
                let id = settings.idPrefix + slugs.next(for: Emoji.replacingShortcodes(in: XMLTree.text(of: node)))
                headingIDs.insert(id)
                attributes.append(("id", id))
                if settings.permalinks, linkDepth == 0 {
                    let href = URLSyntax.valid(LinkPolicy.link(to: id))
                    closing =
                        "<a class=\"anchor\" href=\"\(href.xmlEscaped)\" aria-hidden=\"true\" tabindex=\"-1\"></a>"
                }
            default:
                if let id = givenID(XMLTree.attribute("id", of: node)) { attributes.append(("id", id)) }
            }
            var classes = keptClasses(of: node)
            if let extraClass { classes.append(extraClass) }
            if name == "li", Self.startsWithCheckbox(node) { classes.append("task-list-item") }
            let align = XMLTree.attribute("align", of: node)?.lowercased()
            if let align, HTMLSanitiser.alignments.contains(align), !(name == "img" && align == "center") {
                classes.append("align-\(align)")
            }
            let valign = XMLTree.attribute("valign", of: node)?.lowercased()
            if let vertical = HTMLSanitiser.verticalAlignment(of: name, valign: valign, align: align) {
                classes.append("valign-\(vertical)")
            }
            if !classes.isEmpty { attributes.append(("class", classes.joined(separator: " "))) }
            attributes += otherAttributes(of: node, element: name)

            output += "<" + tag
            for (attribute, value) in attributes {
                output += " "
                output += attribute
                output += "=\""
                output += value.xmlEscaped
                output += "\""
            }
            if isVoid {
                // A void element libxml2 did not know (`source`) may have taken what follows as
                // its content: that content is written after it, as a browser would.
                output += " />"
                frames.append(Frame())
                return true
            }
            output += ">"
            if name == "p", let checkbox = pendingCheckbox {
                output += checkbox
                pendingCheckbox = nil
            }
            if name == "p", classes.contains("markdown-alert-title"), let title = alertTitle(of: node) {
                // GitHub's English title (and its icon) gives way to the site's word for it.
                output += title + "</\(tag)>"
                return false
            }
            frame.closer = closing + "</\(tag)>"
            // Rows straight in a table get the <tbody> the HTML parser of a browser would
            // add and the XML parser of the validator would not.
            if name == "table", Self.hasBareRows(node) {
                output += "<tbody>"
                frame.closer = "</tbody></table>"
            }
            depth += 1
            if frame.isLink { linkDepth += 1 }
            if frame.isCode { codeDepth += 1 }
            if frame.isPicture { pictureDepth += 1 }
            frames.append(frame)
            return true
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
                    // `width="120px"` is 120 to a browser, and to GitHub; a percentage is no
                    // number an HTML attribute may hold: a width in per cent (screenshots side
                    // by side at 49%, a README's grid of three at 33%) becomes the style a
                    // browser reads it as, a height is dropped. A table's or a cell's width
                    // is obsolete as an attribute: in pixels, a style too.
                    if name == "width", element != "source", let percent = Self.percentage(value) {
                        kept.append(("style", "width: \(percent)%"))
                        continue
                    }
                    var trimmed = value.trimmingCharacters(in: .whitespaces)
                    if trimmed.lowercased().hasSuffix("px") { trimmed.removeLast(2) }
                    guard (1...6).contains(trimmed.count), trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber)
                    else { continue }
                    let isLayout = name == "width" && ["table", "td", "th"].contains(element)
                    kept.append(isLayout ? ("style", "width: \(trimmed)px") : (name, trimmed))
                case .flag?: kept.append((name, name))
                case .oneOf(let values)?: if values.contains(value) { kept.append((name, value)) }
                case nil: break
                }
            }
            return kept
        }

        /// `50%` as 50: a whole number of per cent from 1 to 100, nothing else.
        private static func percentage(_ value: String) -> Int? {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasSuffix("%"), trimmed.count <= 4, trimmed.dropLast().allSatisfy(\.isASCII),
                let percent = Int(trimmed.dropLast()), (1...100).contains(percent)
            else { return nil }
            return percent
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
            if Self.isFragment(href) { sawFragment = true }
            return LinkPolicy.resolve(
                href, base: settings.linkBase, root: settings.rootLinkBase, fragmentPrefix: settings.idPrefix,
                knownIDs: knownIDs)
        }

        func resolvedImage(_ src: String?) -> String? {
            guard let src, !Self.isFragment(src) else { return nil }
            return LinkPolicy.resolve(
                src, base: settings.imageBase, root: settings.rootImageBase, fragmentPrefix: settings.idPrefix,
                knownIDs: []
            )
            .map { settings.localImages[$0] ?? $0 }
        }

        /// Whether the URL, spaces and tabs aside (`CharacterSet.whitespaces`), starts with `#`.
        private static func isFragment(_ url: String) -> Bool {
            url.unicodeScalars.first { $0 != "\t" && $0.properties.generalCategory != .spaceSeparator } == "#"
        }

        /// Each candidate's URL resolved like an image's; candidates with a URL that may not stay are left out.
        private func resolvedSrcset(_ srcset: String?) -> String? {
            guard let srcset else { return nil }
            let candidates = srcset.split(separator: ",").compactMap { candidate -> String? in
                let parts = candidate.split(whereSeparator: \.isWhitespace)
                guard let url = parts.first.flatMap({ resolvedImage(String($0)) }) else { return nil }
                let descriptor = parts.dropFirst().joined(separator: " ")
                guard descriptor.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }) else { return nil }
                return descriptor.isEmpty ? url : "\(url) \(descriptor)"
            }
            return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
        }
    }
}
