internal import CLibXML2
import Foundation

/// The files that are not pages, feeds or JSON: which kinds a site may hold at all, and what
/// an SVG may not. A theme's assets and a README's images reach the site as they are, and a
/// browser opening one on its own runs what a page could not: an `.htm` or `.xhtml` file is a
/// page the checks never read, an XML file in XHTML's namespace renders as one, and an SVG
/// runs its scripts and event handlers when opened directly.
enum FileKindChecker {
    /// The rule its findings name.
    static let rule = "file-kind"

    /// The kinds a site may publish (by extension, lower-cased), besides pages, XML and JSON,
    /// which have checkers of their own. A file with no extension is served as bytes.
    static let inert: Set<String> = [
        "css", "js", "mjs", "map", "md", "txt", "webmanifest", "pdf", "png", "jpg", "jpeg", "gif", "webp", "avif",
        "ico", "bmp", "woff", "woff2", "ttf", "otf", "eot", "mp4", "webm", "mp3", "ogg", "wav",
        // GitHub Pages' switch, which holds nothing.
        "nojekyll",
    ]

    /// Files a host reads as its own settings, not as files to serve: redirects and headers
    /// (Netlify's and Cloudflare's `_redirects` and `_headers`, Vercel's, Azure's, Firebase's
    /// JSON) would send a visitor elsewhere, or serve a `.txt` as a page, with no page saying so.
    static let hostSettings: Set<String> = [
        "_redirects", "_headers", "_routes.json", "vercel.json", "now.json", "staticwebapp.config.json",
        "firebase.json", "netlify.toml",
    ]

    /// Why a host would not serve the file named `name` as the file it is: one of its settings,
    /// or a name ending in a dot or a space, which Windows' servers drop (`x.html.` is then a page).
    static func hostProblem(name: Substring) -> String? {
        if hostSettings.contains(name.lowercased()) {
            return "\(name) is a file a host reads as its settings (redirects, headers), not one it serves; "
                + "repodigest publishes none"
        }
        if name.hasSuffix(".") || name.hasSuffix(" ") {
            return
                "a name ending in a dot or a space, which some servers drop: '\(name)' would be served as another kind"
        }
        return nil
    }

    static func check(_ file: OutputFile, kind: String) -> [Finding] {
        if kind == "svg" { return SVGReader.check(file) }
        if kind.isEmpty {
            guard beginsLikeMarkup(file.contents) else { return [] }
            return [
                Finding(
                    file: file.path, line: 1, column: 1, rule: rule,
                    message: "a file with no extension that begins with '<': a server that tells a file's type "
                        + "from its first bytes (Go's, Caddy's; a browser when the server says none) serves it "
                        + "as a page, and runs what it holds")
            ]
        }
        if inert.contains(kind) { return [] }
        return [
            Finding(
                file: file.path, line: 1, column: 1, rule: rule,
                message: "a .\(kind) file is not a kind repodigest publishes: a browser or a server may render it "
                    + "as a page or run it. A site's files may be .svg, .\(inert.sorted().joined(separator: ", ."))")
        ]
    }

    /// Whether `bytes`, after a UTF-8 byte order mark and white space, begin with `<`: every
    /// pattern by which MIME sniffing (WHATWG's, which Go's `DetectContentType` follows) finds
    /// HTML or XML in a file whose type it is not told begins so.
    static func beginsLikeMarkup(_ bytes: Data) -> Bool {
        bytes.droppingByteOrderMark.first { !$0.isHTMLWhitespace } == UInt8(ascii: "<")
    }

    /// An XML file that is not one of the site's own (`feed.xml`, `sitemap.xml`,
    /// `releases.opml`): a browser renders XML in XHTML's or SVG's namespace as a page.
    static func unknownXML(_ file: OutputFile) -> [Finding] {
        [
            Finding(
                file: file.path, line: 1, column: 1, rule: rule,
                message: "an XML file repodigest did not make: a browser may render it as a page; "
                    + "the only XML a site publishes is its feed, sitemap and OPML")
        ]
    }

    /// An SVG's elements and attributes as the parser reads them: no script, no element that
    /// embeds HTML, no event handler, and links only to http(s), mailto or a fragment.
    final class SVGReader: XMLElementReader {
        let file: OutputFile
        var findings: [Finding] = []
        /// Elements that run script or embed a document of another kind.
        static let active: Set<String> = [
            "script", "foreignobject", "handler", "listener", "iframe", "embed", "object",
        ]
        /// Attributes a URL can reach a browser through: `href` (and `xlink:href`, whose local
        /// name it is), and the values an animation sets an `href` to.
        static let urlAttributes: Set<String> = ["href", "src", "to", "from", "values", "by"]

        init(_ file: OutputFile) { self.file = file }

        static func check(_ file: OutputFile) -> [Finding] {
            let reader = SVGReader(file)
            if let notWellFormed = XMLTree.read(file, elements: reader) { return [notWellFormed] }
            return reader.findings
        }

        func start(
            _ element: String, namespace: String?, line: Int, tagEnd _: Int, attributes: XMLAttributes,
            selfClosing: Bool
        ) {
            func finding(_ rule: String, _ message: String) {
                findings.append(Finding(file: file.path, line: line, column: 1, rule: rule, message: message))
            }
            // An SVG opened on its own renders XHTML's elements too: a <meta> refresh leaves for another site.
            if namespace == MarkupNamespace.xhtml {
                finding(
                    "active-content", "<\(element)> of XHTML is not allowed in an SVG: it acts when the image is opened"
                )
            }
            if Self.active.contains(element) {
                finding("active-content", "<\(element)> is not allowed in an SVG: it runs when the image is opened")
            }
            for index in attributes.indices {
                let name = attributes.name(at: index).quicklyLowercased
                if name.hasPrefix("on") {
                    finding("event-handler", "<\(element)> has an event-handler attribute '\(name)'")
                }
                guard Self.urlAttributes.contains(name),
                    let scheme = HTMLChecker.unsafeScheme(inValues: attributes.value(at: index))
                else { continue }
                // An embedded bitmap (`<image href="data:image/png;…">`) is common and runs nothing.
                let embeddedImage =
                    scheme == "data" && (element == "image" || element == "feimage")
                    && attributes.value(at: index).drop { $0 == " " }.lowercased().hasPrefix("data:image/")
                if !embeddedImage {
                    finding("unsafe-url", "<\(element) \(name)> uses the scheme '\(scheme):'")
                }
            }
        }

        var wantsText: Bool { false }
        func text(_ text: String) {}
        func end() {}
        /// An SVG file is read by a browser's XML parser too, so markup reads alike; but an
        /// instruction such as `<?xml-stylesheet?>` runs XSLT, which can make a script.
        func markup(_ markup: XMLMarkup, line: Int) {
            let message: String
            switch markup {
            case .processingInstruction:
                message =
                    "a processing instruction (such as <?xml-stylesheet?>) is not allowed in an SVG: "
                    + "a stylesheet of XSLT can make a script"
            case .internalSubset:
                message =
                    "a DOCTYPE with declarations is not allowed in an SVG: a browser expands its entities "
                    + "(a namespace, a javascript: link) where this check reads them unexpanded"
            case .comment, .cdata: return
            }
            findings.append(Finding(file: file.path, line: line, column: 1, rule: "active-content", message: message))
        }
    }
}
