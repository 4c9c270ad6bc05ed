import Foundation

extension FeedChecker {
    /// `feed.xml`, `sitemap.xml` and `releases.opml` checked as the parser reads them
    /// (`XMLTree.read`), building no tree: a sitemap of 10,000 pages was a tree of 60,000
    /// nodes, some 10 MB held while the build's other large files were made, at its peak of
    /// memory. Each element's facts are gathered at the depth its rule looks (the root, its
    /// children, theirs) and judged when it ends.
    final class XMLReader: XMLElementReader {
        enum Format {
            case atom, sitemap, opml
            /// Any other XML: only read for being well-formed and inert.
            case other
        }

        /// An element whose rule is judged when it ends: its name, its line, and what of its
        /// children the rule asks about.
        struct Frame {
            var name: String
            var line: Int
            /// Per child name: how many there are, and the first one's text.
            var children: [String: (count: Int, text: String)] = [:]
            /// An Atom entry: it has `<content>` or a `<link>` that is an alternate.
            var showsContent = false
            /// An OPML `<body>`: its outlines' problems, told once it is known to be the only body.
            var outlineFindings: [Finding] = []

            func count(_ child: String) -> Int { children[child]?.count ?? 0 }
        }

        let file: String
        let format: Format
        /// The children whose text a rule reads: Atom's required ones, a sitemap's `<loc>`.
        private let textChildren: Set<String>
        /// The first markup that makes a page of the file opened on its own: told alone.
        private(set) var active: Finding?
        /// The root's finding when it is not the format's: then nothing more is judged.
        private var wrongRoot: Finding?
        private var depth = 0
        /// The root's frame and its child's being read, if any.
        private var root: Frame?
        private var child: Frame?
        /// The findings of each child judged so far, in document order.
        private var childFindings: [Finding] = []
        /// The text gathered for the element at `textDepth` and below (its text, as a tree's
        /// `xmlNodeGetContent` gives it), counted into the frame above it when it ends.
        private var textDepth: Int?
        private var text = ""
        private var textName = ""
        /// Atom's entries so far, and those with an `<author>` of their own.
        private var entries = 0
        private var entriesWithAuthor = 0

        init(file: String) {
            self.file = file
            switch file {
            case Router.atomFeed: (format, textChildren) = (.atom, ["id", "title", "updated"])
            case Router.sitemap: (format, textChildren) = (.sitemap, ["loc"])
            case _ where file.hasPrefix(Router.sitemapsFolder): (format, textChildren) = (.sitemap, ["loc"])
            case Router.releasesOPML: (format, textChildren) = (.opml, [])
            default: (format, textChildren) = (.other, [])
            }
        }

        private func finding(_ line: Int, _ rule: String, _ message: String) -> Finding {
            Finding(file: file, line: line, column: 1, rule: rule, message: message)
        }

        private func activeContent(_ line: Int, _ message: String) {
            if active == nil { active = finding(line, "active-content", message) }
        }

        func start(
            _ element: String, namespace: String?, line: Int, tagEnd _: Int, attributes: XMLAttributes,
            selfClosing: Bool
        ) {
            depth += 1
            if let namespace, FeedChecker.markupNamespaces.contains(namespace) {
                activeContent(line, "<\(element)> of \(namespace): a browser renders it, and runs what it holds")
            }
            guard format != .other, wrongRoot == nil else { return }
            switch depth {
            case 1:
                root = Frame(name: element, line: line)
                wrongRoot = rootProblem(element, namespace: namespace, line: line, attributes: attributes)
            case 2:
                child = Frame(name: element, line: line)
                root?.children[element, default: (0, "")].count += 1
            case 3:
                child?.children[element, default: (0, "")].count += 1
                if format == .atom, child?.name == "entry" {
                    if element == "content" { child?.showsContent = true }
                    if element == "link", (attributes.first(named: "rel") ?? "alternate") == "alternate" {
                        child?.showsContent = true
                    }
                }
                if format == .opml, child?.name == "body", element == "outline" {
                    child?.outlineFindings += outlineProblems(attributes, line: line)
                }
            default: break
            }
            if textDepth == nil, (2...3).contains(depth), textChildren.contains(element) {
                textDepth = depth
                textName = element
                text = ""
            }
        }

        var wantsText: Bool { textDepth != nil }

        func text(_ text: String) { self.text += text }

        func end() {
            defer { depth -= 1 }
            guard wrongRoot == nil else { return }
            if depth == textDepth {
                textDepth = nil
                // The first such child's text: counted in `start`, so a later one keeps it.
                if depth == 2, root?.children[textName]?.count == 1 { root?.children[textName]?.text = text }
                if depth == 3, child?.children[textName]?.count == 1 { child?.children[textName]?.text = text }
            }
            if depth == 2, let ended = child {
                childFindings += childProblems(ended)
                child = nil
            }
        }

        func markup(_ markup: XMLMarkup, line: Int) {
            switch markup {
            case .internalSubset: activeContent(line, "a DOCTYPE with declarations, whose entities a browser expands")
            case .processingInstruction:
                activeContent(line, "a processing instruction: <?xml-stylesheet?> can make a page of it")
            case .cdata(let text) where textDepth != nil: self.text += text
            case .cdata, .comment: break
            }
        }

        /// What the file breaks, once read: its active markup alone, if any; else a wrong root
        /// alone, or the root's problems and its children's.
        var findings: [Finding] {
            if let active { return [active] }
            if let wrongRoot { return [wrongRoot] }
            guard let root else { return [] }
            if format == .opml, root.count("head") != 1 || root.count("body") != 1 {
                // Told alone: what bodies hold is not read until there is one.
                return [finding(root.line, "opml", "<opml> needs exactly one <head> and one <body>")]
            }
            return rootProblems(root) + childFindings
        }

        private func rootProblem(_ name: String, namespace: String?, line: Int, attributes: XMLAttributes) -> Finding? {
            switch format {
            case .atom where name != "feed" || namespace != FeedChecker.atomNamespace:
                return finding(line, "atom", "the root must be <feed xmlns=\"\(FeedChecker.atomNamespace)\">")
            case .sitemap
            where !["urlset", "sitemapindex"].contains(name) || namespace != FeedChecker.sitemapNamespace:
                return finding(
                    line, "sitemap",
                    "the root must be <urlset> or <sitemapindex>, as xmlns=\"\(FeedChecker.sitemapNamespace)\"")
            case .opml where name != "opml" || attributes.first(named: "version") != "2.0":
                return finding(line, "opml", "the root must be <opml version=\"2.0\">")
            default: return nil
            }
        }

        /// Atom: exactly one non-empty `<id>`, `<title>` and `<updated>` in `frame`.
        private func requiredAtomChildren(_ frame: Frame) -> [Finding] {
            ["id", "title", "updated"].compactMap { name in
                let child = frame.children[name]
                guard child?.count != 1 || child?.text.trimmingCharacters(in: .whitespaces).isEmpty ?? true else {
                    return nil
                }
                return finding(frame.line, "atom", "<\(frame.name)> needs exactly one non-empty <\(name)>")
            }
        }

        private func childProblems(_ frame: Frame) -> [Finding] {
            switch format {
            case .atom where frame.name == "entry":
                entries += 1
                if frame.count("author") > 0 { entriesWithAuthor += 1 }
                return requiredAtomChildren(frame)
                    + (frame.showsContent
                        ? [] : [finding(frame.line, "atom", "<entry> needs <content> or an alternate <link>")])
            case .sitemap where frame.name == "url" || frame.name == "sitemap":
                let location = frame.children["loc"]
                guard location?.count == 1, let text = location?.text, Self.isWebAddress(text)
                else {
                    return [finding(frame.line, "sitemap", "every <\(frame.name)> needs one absolute http(s) <loc>")]
                }
                return []
            case .opml where frame.name == "body":
                if frame.count("outline") == 0 {
                    return [finding(frame.line, "opml", "<body> needs at least one <outline>")]
                }
                return frame.outlineFindings
            default: return []
            }
        }

        private func outlineProblems(_ attributes: XMLAttributes, line: Int) -> [Finding] {
            var found: [Finding] = []
            if (attributes.first(named: "text") ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                found.append(finding(line, "opml", "every <outline> needs a non-empty text"))
            }
            if attributes.first(named: "type") == "rss" {
                if !Self.isWebAddress(attributes.first(named: "xmlUrl") ?? "") {
                    found.append(finding(line, "opml", "a feed <outline> needs an absolute http(s) xmlUrl"))
                }
            }
            return found
        }

        /// An absolute http(s) address, as a sitemap's `<loc>` and a feed outline's `xmlUrl` must be.
        private static func isWebAddress(_ text: String) -> Bool {
            text.hasPrefix("https://") || text.hasPrefix("http://")
        }

        /// The root's own rules, told before its children's: the feed's required elements
        /// and author, the sitemap's size.
        private func rootProblems(_ root: Frame) -> [Finding] {
            switch format {
            case .atom:
                let authored = root.count("author") > 0 || entriesWithAuthor == entries
                return requiredAtomChildren(root)
                    + (authored ? [] : [finding(root.line, "atom", "<feed> needs an <author>, or every <entry> one")])
            case .sitemap:
                return max(root.count("url"), root.count("sitemap")) > Sitemap.maxURLs
                    ? [finding(1, "sitemap", "a sitemap holds at most 50,000 URLs, an index 50,000 sitemaps")] : []
            case .opml, .other: return []
            }
        }
    }
}
