import Foundation

/// The site's XML and JSON documents against their formats: `feed.xml` (Atom 1.0,
/// RFC 4287), `sitemap.xml` (sitemaps.org 0.9), `releases.opml` (OPML 2.0), `feed.json` (JSON Feed 1.1) and
/// `digest.json` (repodigest's own, version 1). Any other XML is refused (`FileKindChecker`)
/// and any other JSON must parse.
enum FeedChecker {
    static let atomNamespace = "http://www.w3.org/2005/Atom"
    static let sitemapNamespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// The XML file's findings: not well-formed, else any markup that makes a page of it
    /// opened on its own (alone), else what its format asks; any XML but the three is refused.
    /// The markup that makes a page: an element of XHTML, SVG or MathML (Atom's
    /// `type="xhtml"` content, a `<meta>` refresh in a sitemap), an instruction such as
    /// `<?xml-stylesheet?>` (XSLT can make a script), a DOCTYPE with declarations. The site's
    /// own feeds hold none: their HTML is escaped text.
    static func checkXML(_ file: OutputFile) -> [Finding] {
        let reader = XMLReader(file: file.path)
        if let notWellFormed = XMLTree.read(file, elements: reader) { return [notWellFormed] }
        let findings = reader.findings
        return reader.format == .other && findings.isEmpty ? FileKindChecker.unknownXML(file) : findings
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
}
