internal import CLibXML2
import Foundation

/// The site's XML and JSON documents against their formats: `feed.xml` (Atom 1.0,
/// RFC 4287), `sitemap.xml` (sitemaps.org 0.9), `releases.opml` (OPML 2.0), `feed.json` (JSON Feed 1.1) and
/// `digest.json` (repodigest's own, version 1). Any other XML is refused (`FileKindChecker`)
/// and any other JSON must parse.
enum FeedChecker {
    static let atomNamespace = "http://www.w3.org/2005/Atom"
    static let sitemapNamespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    static func checkXML(_ file: OutputFile) -> [Finding] {
        let tree: XMLTree
        switch XMLTree.parse(file) {
        case .parsed(let parsed): tree = parsed
        case .notWellFormed(let finding): return [finding]
        }
        guard let root = tree.root else { return [] }
        if let active = activeMarkup(in: tree, file: file.path) { return [active] }
        switch file.path {
        case Router.atomFeed: return atom(root, file: file.path)
        case Router.sitemap: return sitemap(root, file: file.path)
        case Router.releasesOPML: return opml(root, file: file.path)
        default: return FileKindChecker.unknownXML(file)
        }
    }

    /// What makes an XML file a page when opened on its own: an element of XHTML, SVG or
    /// MathML (Atom's `type="xhtml"` content, a `<meta>` refresh in a sitemap), an
    /// instruction such as `<?xml-stylesheet?>` (XSLT can make a script), a DOCTYPE with
    /// declarations. The site's own feeds hold none: their HTML is escaped text.
    static func activeMarkup(in tree: XMLTree, file: String) -> Finding? {
        func finding(_ line: Int, _ message: String) -> Finding {
            Finding(file: file, line: line, column: 1, rule: "active-content", message: message)
        }
        if tree.document.pointee.intSubset?.pointee.children != nil {
            return finding(1, "a DOCTYPE with declarations, whose entities a browser expands")
        }
        var stack: [xmlNodePtr] = tree.document.pointee.children.map { [$0] } ?? []
        while let node = stack.popLast() {
            if let next = node.pointee.next { stack.append(next) }
            switch node.pointee.type {
            case XML_PI_NODE:
                return finding(
                    XMLTree.line(of: node), "a processing instruction: <?xml-stylesheet?> can make a page of it")
            case XML_ELEMENT_NODE:
                if let namespace = XMLTree.namespace(of: node), markupNamespaces.contains(namespace) {
                    return finding(
                        XMLTree.line(of: node),
                        "<\(XMLTree.name(of: node))> of \(namespace): a browser renders it, and runs what it holds")
                }
                if let child = node.pointee.children { stack.append(child) }
            default: break
            }
        }
        return nil
    }

    /// XHTML's, SVG's and MathML's: what a browser renders inside any XML.
    static let markupNamespaces: Set<String> = [MarkupNamespace.xhtml, MarkupNamespace.svg, MarkupNamespace.mathML]

    static func checkJSON(_ file: OutputFile) -> [Finding] {
        func finding(_ rule: String, _ message: String) -> [Finding] {
            [Finding(file: file.path, line: 1, column: 1, rule: rule, message: message)]
        }
        var shape = DigestShape()
        // Only digest.json's shape is heard out; any other JSON (the search indexes: 10,000
        // entries for a long starred list) must only be well formed.
        let broken =
            file.path == Router.digestJSON ? JSONSyntax.check(file.contents, &shape) : JSONSyntax.check(file.contents)
        if let broken {
            return [
                Finding(
                    file: file.path, line: broken.line, column: broken.column, rule: "json",
                    message: "not valid JSON: \(broken.message)")
            ]
        }
        if file.path == Router.digestJSON {
            return shape.isDigest
                ? [] : finding("digest-json", "digest.json needs version 1 and repositories with full_name and page")
        }
        guard file.path == Router.jsonFeed else { return [] }
        guard let object = try? JSONSerialization.jsonObject(with: file.contents) else {
            return finding("json", "not valid JSON")
        }
        guard let feed = object as? [String: Any],
            feed["version"] as? String == "https://jsonfeed.org/version/1.1",
            feed["title"] is String, let items = feed["items"] as? [[String: Any]]
        else { return finding("json-feed", "a JSON Feed 1.1 needs version, title and items") }
        for (index, item) in items.enumerated()
        where !(item["id"] is String) || (item["content_html"] == nil && item["content_text"] == nil) {
            return finding("json-feed", "item \(index) needs a string id and content_html or content_text")
        }
        return []
    }

    /// What `digest.json` must be, as its values are read (`JSONSyntax`), making none: an
    /// object with `"version": 1` and `repositories`, an array of objects each with a string
    /// `full_name` and `page`.
    private struct DigestShape: JSONSyntax.Visitor {
        var depth: Int { 3 }
        private var top = false
        private var version = false
        private var repositories = false
        private var entriesFine = true
        private var entry: (name: Bool, page: Bool) = (false, false)

        var isDigest: Bool { top && version && repositories && entriesFine }

        // By count and step, not by comparing with array literals: called for every value
        // of 10,000 entries, those would be made anew each time.
        mutating func value(
            at path: [JSONSyntax.Step], kind: JSONSyntax.Kind, scalar: @autoclosure () -> Substring?
        ) {
            guard let first = path.first else { return top = kind == .object }
            switch (path.count, path[path.count - 1]) {
            case (1, .key("version")): version = kind == .number && scalar() == "1"
            case (1, .key("repositories")): repositories = kind == .array
            case (2, .element) where first == .key("repositories"):
                entriesFine = entriesFine && kind == .object
                entry = (false, false)
            case (3, .key("full_name")) where first == .key("repositories"): entry.name = kind == .string
            case (3, .key("page")) where first == .key("repositories"): entry.page = kind == .string
            default: break
            }
        }

        mutating func ended(at path: [JSONSyntax.Step]) {
            if path.count == 2, path[0] == .key("repositories") {
                entriesFine = entriesFine && entry.name && entry.page
            }
        }
    }

    private static func atom(_ root: xmlNodePtr, file: String) -> [Finding] {
        var findings: [Finding] = []
        func require(_ node: xmlNodePtr, _ child: String, in what: String) {
            let found = XMLTree.children(of: node, named: child)
            if found.count != 1 || XMLTree.text(of: found[0]).trimmingCharacters(in: .whitespaces).isEmpty {
                findings.append(
                    Finding(
                        file: file, line: XMLTree.line(of: node), column: 1, rule: "atom",
                        message: "\(what) needs exactly one non-empty <\(child)>"))
            }
        }
        guard XMLTree.name(of: root) == "feed", XMLTree.namespace(of: root) == atomNamespace else {
            return [
                Finding(
                    file: file, line: XMLTree.line(of: root), column: 1, rule: "atom",
                    message: "the root must be <feed xmlns=\"\(atomNamespace)\">")
            ]
        }
        for child in ["id", "title", "updated"] { require(root, child, in: "<feed>") }
        let entries = XMLTree.children(of: root, named: "entry")
        if XMLTree.children(of: root, named: "author").isEmpty
            && !entries.allSatisfy({ !XMLTree.children(of: $0, named: "author").isEmpty })
        {
            findings.append(
                Finding(
                    file: file, line: XMLTree.line(of: root), column: 1, rule: "atom",
                    message: "<feed> needs an <author>, or every <entry> one"))
        }
        for entry in entries {
            for child in ["id", "title", "updated"] { require(entry, child, in: "<entry>") }
            if XMLTree.children(of: entry, named: "content").isEmpty
                && !XMLTree.children(of: entry, named: "link").contains(where: {
                    (XMLTree.attribute("rel", of: $0) ?? "alternate") == "alternate"
                })
            {
                findings.append(
                    Finding(
                        file: file, line: XMLTree.line(of: entry), column: 1, rule: "atom",
                        message: "<entry> needs <content> or an alternate <link>"))
            }
        }
        return findings
    }

    private static func sitemap(_ root: xmlNodePtr, file: String) -> [Finding] {
        guard XMLTree.name(of: root) == "urlset", XMLTree.namespace(of: root) == sitemapNamespace else {
            return [
                Finding(
                    file: file, line: XMLTree.line(of: root), column: 1, rule: "sitemap",
                    message: "the root must be <urlset xmlns=\"\(sitemapNamespace)\">")
            ]
        }
        var findings: [Finding] = []
        let urls = XMLTree.children(of: root, named: "url")
        if urls.count > 50_000 {
            findings.append(
                Finding(file: file, line: 1, column: 1, rule: "sitemap", message: "a sitemap holds at most 50,000 URLs")
            )
        }
        for url in urls {
            let locations = XMLTree.children(of: url, named: "loc").map { XMLTree.text(of: $0) }
            guard locations.count == 1, let location = locations.first,
                location.hasPrefix("https://") || location.hasPrefix("http://")
            else {
                findings.append(
                    Finding(
                        file: file, line: XMLTree.line(of: url), column: 1, rule: "sitemap",
                        message: "every <url> needs one absolute http(s) <loc>"))
                continue
            }
        }
        return findings
    }

    /// What a feed reader needs to import the file: an `<opml version="2.0">` with one
    /// `<head>` and one `<body>` holding outlines, each with its `text` (OPML 2.0 requires it)
    /// and, for a feed, an absolute http(s) `xmlUrl`.
    private static func opml(_ root: xmlNodePtr, file: String) -> [Finding] {
        func finding(_ node: xmlNodePtr, _ message: String) -> Finding {
            Finding(file: file, line: XMLTree.line(of: node), column: 1, rule: "opml", message: message)
        }
        guard XMLTree.name(of: root) == "opml", XMLTree.attribute("version", of: root) == "2.0" else {
            return [finding(root, "the root must be <opml version=\"2.0\">")]
        }
        let bodies = XMLTree.children(of: root, named: "body")
        guard XMLTree.children(of: root, named: "head").count == 1, bodies.count == 1 else {
            return [finding(root, "<opml> needs exactly one <head> and one <body>")]
        }
        let outlines = XMLTree.children(of: bodies[0], named: "outline")
        if outlines.isEmpty { return [finding(bodies[0], "<body> needs at least one <outline>")] }
        var findings: [Finding] = []
        for outline in outlines {
            if (XMLTree.attribute("text", of: outline) ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                findings.append(finding(outline, "every <outline> needs a non-empty text"))
            }
            if XMLTree.attribute("type", of: outline) == "rss" {
                let address = XMLTree.attribute("xmlUrl", of: outline) ?? ""
                if !(address.hasPrefix("https://") || address.hasPrefix("http://")) {
                    findings.append(finding(outline, "a feed <outline> needs an absolute http(s) xmlUrl"))
                }
            }
        }
        return findings
    }
}
