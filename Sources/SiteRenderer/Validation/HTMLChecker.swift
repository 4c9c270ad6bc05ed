internal import CLibXML2
import Foundation

/// What one HTML page holds that the site-wide checks need, and what is wrong with it alone.
struct HTMLDocumentFacts: Sendable {
    var ids: Set<String> = []
    /// Each relative link, with where its element's start tag ends: its line and column are
    /// found only when the link turns out broken (`ColumnFinder`), as almost none does.
    var links: [(href: String, tagEnd: Int)] = []
    var findings: [Finding] = []
}

/// Parses one page with libxml2's XML parser (so it must be well-formed) and checks the
/// rules every page of the site keeps.
enum HTMLChecker {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]
    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "cite", "data"]
    /// Elements that load or run other content, or redirect the page; no theme needs them,
    /// so seeing one means something from the data got through.
    static let activeElements: Set<String> = [
        "iframe", "frame", "frameset", "object", "embed", "applet", "base", "form", "portal",
    ]
    /// HTML's elements (the living standard's, less the active and the foreign ones above and
    /// below): a page holds no other. An allow-list, so that an element a browser gives a
    /// meaning to tomorrow (as `<portal>` and `<fencedframe>` were given) is refused today.
    static let htmlElements: Set<String> = [
        "html", "head", "body", "title", "meta", "link", "style", "script", "noscript", "template", "main",
        "header", "footer", "nav", "section", "article", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup",
        "address", "p", "hr", "pre", "blockquote", "ol", "ul", "menu", "li", "dl", "dt", "dd", "figure",
        "figcaption", "div", "search", "a", "em", "strong", "small", "s", "cite", "q", "dfn", "abbr", "ruby", "rt",
        "rp", "data", "time", "code", "var", "samp", "kbd", "sub", "sup", "i", "b", "u", "mark", "bdi", "bdo",
        "span", "br", "wbr", "ins", "del", "picture", "source", "img", "video", "audio", "track", "map", "area",
        "table", "caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", "td", "th", "fieldset", "legend",
        "label", "input", "button", "select", "datalist", "optgroup", "option", "textarea", "output", "progress",
        "meter", "details", "summary", "dialog", "slot", "canvas",
    ]
    /// The elements HTML closes with their start tag, the only ones `<x/>` may write.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    /// MathML Core's elements, the only ones a page's `<math>` may hold (what `TeXMath`
    /// writes, and a few more of the same kind). Inside `<math>` a browser's parser follows
    /// MathML's rules, and reads HTML again inside a token element or after an HTML element's
    /// tag: so `<math>` holds these alone, and a token element text alone.
    static let mathElements: Set<String> = [
        "mrow", "mi", "mn", "mo", "mtext", "mspace", "ms", "msub", "msup", "msubsup", "munder", "mover",
        "munderover", "mfrac", "msqrt", "mroot", "mtable", "mtr", "mtd", "mstyle", "merror", "mpadded",
        "mphantom",
    ]
    /// MathML's token elements, which hold text alone: inside `mi`, `mo`, `mn`, `ms` and
    /// `mtext` a browser's parser reads markup as HTML (`mspace` holds nothing at all).
    static let mathTokens: Set<String> = ["mi", "mn", "mo", "mtext", "mspace", "ms"]
    /// The attributes of MathML Core's layout a page's MathML may have: none loads, links or runs anything.
    static let mathAttributes: Set<String> = [
        "display", "mathvariant", "stretchy", "symmetric", "fence", "separator", "form", "accent", "accentunder",
        "largeop", "movablelimits", "lspace", "rspace", "minsize", "maxsize", "linethickness", "columnalign",
        "width", "displaystyle", "scriptlevel", "dir", "mathcolor", "mathbackground", "class",
    ]
    /// Whether `value` is a colour MathML's `mathcolor` or `mathbackground` may hold: a name
    /// (letters only) or `#` and 3, 4, 6 or 8 hexadecimal digits; no CSS function, no `;`.
    static func isMathColor(_ value: String) -> Bool {
        let utf8 = value.utf8
        if utf8.first == UInt8(ascii: "#") {
            return [4, 5, 7, 9].contains(utf8.count)
                && utf8.dropFirst().allSatisfy { $0 < 128 && Character(Unicode.Scalar($0)).isHexDigit }
        }
        return (1...24).contains(utf8.count) && utf8.allSatisfy { (65...90).contains($0) || (97...122).contains($0) }
    }

    /// The attributes an SVG `<animate>` or `<set>` gives values to put into another.
    static let animatedValues: Set<String> = ["to", "from", "values", "by"]
    /// Elements whose text an HTML parser reads raw, up to the first end tag of their name:
    /// a comment inside one hides markup from the XML parser that a browser reads.
    static let rawTextElements: Set<String> = [
        "script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
    ]

    /// What the sets above say of one element; with its `BrowserNesting` traits and its
    /// `ContentModels` role in `facts`, looked up once as each element starts.
    struct Kind: OptionSet {
        let rawValue: UInt8
        static let html = Kind(rawValue: 1 << 0)
        static let active = Kind(rawValue: 1 << 1)
        static let rawText = Kind(rawValue: 1 << 2)
    }

    static let facts: [String: (kind: Kind, nesting: BrowserNesting.Traits, model: ContentModels.Role)] = {
        var facts: [String: (kind: Kind, nesting: BrowserNesting.Traits, model: ContentModels.Role)] = [:]
        for name in htmlElements { facts[name, default: ([], [], .none)].kind.insert(.html) }
        for name in activeElements { facts[name, default: ([], [], .none)].kind.insert(.active) }
        for name in rawTextElements { facts[name, default: ([], [], .none)].kind.insert(.rawText) }
        for (name, traits) in BrowserNesting.traitsByName { facts[name, default: ([], [], .none)].nesting = traits }
        for (name, role) in ContentModels.roles { facts[name, default: ([], [], .none)].model = role }
        return facts
    }()

    /// The first of `url(`, `image-set(`, `image(`, `@import`, `expression(` or a backslash
    /// (an escape that spells any of them) in inline CSS, written in any case; nil for none.
    static func fetchingCSS(in css: String) -> String? {
        let lowered = css.lowercased().filter { !$0.isWhitespace }
        return ["\\", "url(", "image-set(", "image(", "@import", "expression("].first { lowered.contains($0) }
    }

    static func check(_ file: OutputFile) -> HTMLDocumentFacts {
        let page = Page(file)
        guard String(decoding: file.contents.prefix(15), as: UTF8.self).lowercased() == "<!doctype html>" else {
            page.finding(1, 1, "doctype", "page must start with <!DOCTYPE html>")
            return page.facts
        }
        if let notWellFormed = XMLTree.read(file, elements: page) {
            return HTMLDocumentFacts(findings: [notWellFormed])
        }
        guard page.sawRoot else {
            page.finding(1, 1, "root", "the root element must be <html>")
            return page.facts
        }
        return page.finished()
    }

    /// One page's checks, made as libxml2's parser reads each element: no tree is built.
    final class Page: XMLElementReader {
        let file: OutputFile
        var facts = HTMLDocumentFacts()
        /// Only a page with findings needs columns; most have none, so the finder is made on demand.
        private var columns: ColumnFinder?
        /// The root was `<html>`; a page whose root is not is not read further.
        private(set) var sawRoot = false
        private var stopped = false
        private var mainCount = 0
        private var sawTitle = false
        private var sawCharset = false
        /// The `<title>` or `<script>` being read, which is checked on its text at its end:
        /// where it started, where its finding goes among the others, and its text so far.
        private var open: (element: String, line: Int, findingIndex: Int, hasSource: Bool, depth: Int)?
        private var openText = ""
        private var depth = 0
        /// The element whose text an HTML parser reads raw, and its depth, while in one.
        private var rawText: (element: String, depth: Int)?
        /// The depth of the `<svg>` being read: refused whole, so the attribute allow-list (HTML's)
        /// is not applied to what it holds; its elements, handlers and URLs are still checked.
        private var svgDepth: Int?
        /// The depth of the `<math>` being read, and of the token element in it.
        private var mathDepth: Int?
        private var mathTokenDepth: Int?
        /// What each open element would close or move at a start tag inside it, innermost last,
        /// with the line its start tag is on (text moved out of a table is told by its table's).
        /// Also each one's name and where its start tag ends, to say where the holder of a
        /// misnested element starts.
        private var nesting: [(context: BrowserNesting.Context, line: Int, element: String, tagEnd: Int)] = []
        /// The table part whose stray text has been told already: once per element is enough.
        private var toldFostered: Int?
        /// Whether the innermost element moves text out (a table's part, `<html>`, `<head>`),
        /// kept as elements start and end: asked of every piece of text on the page.
        private var textMoves = false
        /// What the open lists, tables, summaries, rubies, pictures and the rest hold (`ContentModels`).
        private var models = ContentModels()
        /// Each open table's grid of cells (`TableModel`).
        private var tables = TableModel()

        init(_ file: OutputFile) {
            self.file = file
            nesting.reserveCapacity(64)
        }

        func finding(_ line: Int, _ column: Int, _ rule: String, _ message: String, at index: Int? = nil) {
            let finding = Finding(file: file.path, line: line, column: column, rule: rule, message: message)
            facts.findings.insert(finding, at: index ?? facts.findings.endIndex)
        }

        /// The open element a misnested one conflicts with (the `<p>` a `<div>` is inside),
        /// the innermost of its name, and where its start tag opens.
        private func holder(of conflict: BrowserNesting.Conflict) -> Finding.Holder? {
            let name: String
            switch conflict {
            case .blockInPhrasing(let holder): name = holder
            case .closesParagraph: name = "p"
            case .closes(let open): name = open
            case .nestedLink: name = "a"
            case .fostered(let part), .movedIntoBody(let part): name = part
            case .dropsTag: return nil
            }
            // The element being read is the last one on the stack.
            guard let open = nesting.dropLast().last(where: { $0.element == name }),
                let start = columns?.tagStart(before: open.tagEnd), let place = columns?.position(of: start)
            else { return nil }
            return Finding.Holder(element: name, line: place.line, column: place.column)
        }

        func finding(
            at position: (line: Int, column: Int), _ rule: String, _ message: String, at index: Int? = nil
        ) {
            finding(position.line, position.column, rule, message, at: index)
        }

        /// The start tag being read: its element, the line it ends on, and where it ends.
        private var tag = (element: "", line: 0, end: 0)

        /// Where `<name` starts: for the start tag being read, found back from its end (the
        /// right one of several on its line, on the line it starts on when it spans several);
        /// for another element, the first `<name` on `line`.
        private func position(of name: String, line: Int) -> (line: Int, column: Int) {
            if columns == nil { columns = ColumnFinder(file.contents) }
            if name == tag.element, line == tag.line, let start = columns!.tagStart(before: tag.end) {
                return columns!.position(of: start)
            }
            return (line, columns!.column(of: name, line: line))
        }

        func start(
            _ element: String, namespace: String?, line: Int, tagEnd: Int, attributes: XMLAttributes,
            selfClosing: Bool
        ) {
            tag = (element, line, tagEnd)
            depth += 1
            let context = nesting.last?.context ?? .root
            let (kind, traits, role) = HTMLChecker.facts[element] ?? ([], [], .none)
            let inner = context.entering(element, traits)
            nesting.append((inner, line, element, tagEnd))
            textMoves = inner.movesText
            let modelProblems = models.start(
                element, role: role, line: line, linkCloses: context.link && element == "a")
            let tableProblems = tables.start(element, role: role, depth: depth, line: line, attributes: attributes)
            guard !stopped else { return }
            modelProblems.forEach(contentModel)
            tableProblems.forEach(tableModel)
            // A browser ignores the '/' of `<textarea/>` and reads on as its content: up to the
            // first `</textarea>`, hidden in a comment from the XML parser. Only void elements
            // close so everywhere: inside SVG or MathML too, a `foreignObject`, an `mi` or a
            // `<p>` puts the parser back into HTML, where the '/' is ignored again.
            if selfClosing, !HTMLChecker.voidElements.contains(element) {
                finding(
                    at: position(of: element, line: line), "xml-only",
                    "<\(element)/>: a browser ignores the '/' of an element that is not void, and reads on as its "
                        + "content; write <\(element)></\(element)>")
            }
            // Markup inside a <title> or <script> is text to a browser, or HTML again inside
            // an SVG <title>: there a <script> the XML parser saw as a title's child runs.
            if let inside = open {
                finding(
                    at: position(of: element, line: line), "xml-only",
                    "<\(element)> inside <\(inside.element)>, whose content a browser does not read as this page's markup"
                )
            } else if let inside = rawText, inside.element != "noscript" {
                // A <textarea>'s or a <style>'s content is its text to a browser: its ids, links
                // and headings are no part of the page the checks would read them in.
                finding(
                    at: position(of: element, line: line), "xml-only",
                    "<\(element)> inside <\(inside.element)>, whose content a browser reads as text, not as this page's markup"
                )
            }
            placement(of: element, attributes: attributes, line: line)
            if depth == 1 {
                guard element == "html" else {
                    stopped = true
                    return
                }
                sawRoot = true
                if (attributes["lang"] ?? "").isEmpty {
                    finding(at: position(of: "html", line: line), "lang", "<html> needs a lang attribute")
                }
            }
            var here: (line: Int, column: Int) { position(of: element, line: line) }
            if let conflict = context.conflict(with: element, traits) { misnested(element, conflict, line: line) }
            if mathDepth != nil || element == "math" {
                math(element, line: line, attributes: attributes)
                return
            }
            if rawText == nil, kind.contains(.rawText) { rawText = (element, depth) }
            // Apart from the switch: a <meta> may hold a charset and a refresh both.
            if element == "meta",
                attributes["http-equiv"]?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "refresh"
            {
                finding(at: here, "active-content", "<meta http-equiv=\"refresh\"> is not allowed")
            }
            switch element {
            case "main": mainCount += 1
            case "title":
                sawTitle = true
                if open == nil { open = (element, line, facts.findings.count, false, depth) }
            case "meta" where attributes["charset"]?.lowercased() == "utf-8":
                sawCharset = true
                // A browser looks for it there only, and guesses the encoding of a page without.
                if tagEnd > 1_024 {
                    finding(
                        at: here, "charset",
                        "<meta charset=\"utf-8\"> ends past the page's first 1,024 bytes, where a browser looks for it: put it first in <head>"
                    )
                }
            case "img" where attributes["alt"] == nil:
                finding(at: here, "img-alt", "<img> needs an alt attribute")
            case "script":
                // An SVG script loads from `href` (or `xlink:href`: each is read), an HTML one from `src`.
                let sources = [attributes["src"]].compactMap { $0 } + attributes.all(named: "href")
                if open == nil { open = (element, line, facts.findings.count, !sources.isEmpty, depth) }
                for source in sources where !HTMLChecker.isScriptOfTheSite(source) {
                    finding(at: here, "external-script", "scripts must load a .js file of the site, not \(source)")
                }
            case let name where kind.contains(.active):
                finding(at: here, "active-content", "<\(name)> is not allowed in a published page")
            case "svg":
                // Inside it a browser's parser switches between SVG's rules and HTML's
                // (`foreignObject`, a `<p>`), where every red-team pass found a way past an
                // XML reading. None of the site's pages needs it inline.
                finding(
                    at: here, "foreign-content",
                    "inline <svg> is not allowed in a published page: show an .svg file with <img> (it is checked)")
            case let name where !kind.contains(.html):
                finding(
                    at: here, "unknown-element",
                    "<\(name)> is not an element of HTML; a page holds only those (a browser may give another a meaning)"
                )
            default: break
            }
            if element == "svg", svgDepth == nil { svgDepth = depth }
            for index in attributes.indices {
                let attrName = attributes.name(at: index).quicklyLowercased
                if attrName.hasPrefix("on") {
                    eventHandler(attrName, of: element, line: line)
                } else if svgDepth == nil, kind.contains(.html),
                    attributes.hasPrefix(at: index) || !HTMLChecker.isAttribute(attrName, of: element)
                {
                    let written = attributes.hasPrefix(at: index) ? "a prefixed \(attrName)" : attrName
                    finding(
                        at: here, "unknown-attribute",
                        "<\(element) \(written)> is not an attribute HTML gives <\(element)>; a page holds only those "
                            + "(a browser may give another a meaning)")
                }
                // An SVG animation sets an attribute (an `href`) to these: a link made at run time.
                if HTMLChecker.animatedValues.contains(attrName),
                    let scheme = HTMLChecker.unsafeScheme(inValues: attributes.value(at: index))
                {
                    finding(at: here, "unsafe-url", "<\(element) \(attrName)> uses the scheme '\(scheme):'")
                }
                // Inline CSS that fetches (a value placed in a `style` could add a `url()` of its
                // own, which HTML escaping leaves as it is) or hides what it says in escapes.
                if attrName == "style", let fetch = HTMLChecker.fetchingCSS(in: attributes.value(at: index)) {
                    finding(
                        at: here, "unsafe-url",
                        "<\(element) style> holds '\(fetch)': a style attribute may load nothing and use no CSS escape")
                }
                // Only these attributes' values matter; the others' (class, aria-*) are not read.
                guard attrName == "id" || attrName == "srcset" || HTMLChecker.urlAttributes.contains(attrName) else {
                    continue
                }
                check(attrName, attributes.value(at: index), of: element, line: line)
            }
            if svgDepth == nil, let problem = AttributeValues.problem(of: element, attributes) {
                finding(at: here, "attribute-value", problem)
            }
        }

        /// A start tag at which a browser's parser closes or moves what the XML reading nests
        /// (`BrowserNesting`): the page it shows is not the one checked. Or a block where
        /// HTML's content model allows none, which a browser builds as written.
        private func misnested(_ element: String, _ conflict: BrowserNesting.Conflict, line: Int) {
            var rule = "misnested"
            let message: String
            switch conflict {
            case .blockInPhrasing(let holder):
                // Built as written: not misnested, but no valid page holds it.
                rule = "content-model"
                message =
                    "<\(element)> inside <\(holder)>, which may hold only text and the elements of a line "
                    + "(HTML's phrasing content): a browser shows it, but the page is not valid HTML"
            case .closesParagraph:
                message = "<\(element)> inside a <p>: a browser ends the paragraph there, and what follows leaves it"
            case .closes(let open):
                message = "<\(element)> inside <\(open)>: a browser closes the <\(open)> there"
            case .nestedLink:
                message = "<a> inside <a>: a browser closes the outer link there"
            case .fostered(let part):
                message = "<\(element)> straight inside <\(part)>: a browser moves it out, before the table"
            case .dropsTag:
                message =
                    "<\(element)> where a browser drops the tag (a table's part outside its table, <html>, <head> or "
                    + "<body> inside the page, anything but options in a <select>)"
            case .movedIntoBody(let part):
                message = "<\(element)> straight inside <\(part)>: a browser moves it into the body"
            }
            finding(at: position(of: element, line: line), rule, message)
            facts.findings[facts.findings.count - 1].holder = holder(of: conflict)
        }

        /// An element of a `<math>`, or the `<math>` itself: MathML Core's layout elements
        /// only, with its layout attributes only, and nothing but text in a token element.
        private func math(_ element: String, line: Int, attributes: XMLAttributes) {
            var here: (line: Int, column: Int) { position(of: element, line: line) }
            if let token = mathTokenDepth, token < depth {
                finding(
                    at: here, "foreign-content",
                    "<\(element)> inside a MathML token element, where a browser reads markup as HTML: it holds text only"
                )
            } else if mathDepth != nil, !HTMLChecker.mathElements.contains(element) {
                finding(
                    at: here, "foreign-content",
                    "<\(element)> inside <math>: a page's MathML holds only MathML Core's layout elements")
            }
            if mathDepth == nil { mathDepth = depth }
            if mathTokenDepth == nil, HTMLChecker.mathTokens.contains(element) { mathTokenDepth = depth }
            for index in attributes.indices {
                let name = attributes.name(at: index).quicklyLowercased
                if name == "mathcolor" || name == "mathbackground", !attributes.hasPrefix(at: index),
                    !HTMLChecker.isMathColor(attributes.value(at: index))
                {
                    finding(
                        at: here, "foreign-content",
                        "<\(element) \(name)> holds '\(attributes.value(at: index))': a colour is a name or #hex")
                    continue
                }
                guard !HTMLChecker.mathAttributes.contains(name) || attributes.hasPrefix(at: index) else { continue }
                if name.hasPrefix("on") {
                    eventHandler(name, of: element, line: line)
                    continue
                }
                finding(
                    at: here, "foreign-content",
                    "<\(element) \(attributes.name(at: index))>: a page's MathML has only MathML Core's layout attributes"
                )
            }
        }

        /// An `on…` attribute, in HTML or in MathML: one rule and one message for both.
        private func eventHandler(_ name: String, of element: String, line: Int) {
            finding(
                at: position(of: element, line: line), "event-handler",
                "<\(element)> has an event-handler attribute '\(name)'")
        }

        private func check(_ attrName: String, _ value: String, of element: String, line: Int) {
            var here: (line: Int, column: Int) { position(of: element, line: line) }
            if attrName == "id" {
                if !facts.ids.insert(value).inserted {
                    finding(at: here, "duplicate-id", "id '\(value)' is used more than once")
                }
            }
            if attrName == "srcset" {
                for candidate in value.split(separator: ",") {
                    let url =
                        candidate.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) ?? ""
                    if let scheme = scheme(of: url), !allowedSchemes.contains(scheme) {
                        finding(at: here, "unsafe-url", "<\(element) srcset> uses the scheme '\(scheme):'")
                    } else if let problem = URLSyntax.problem(in: url) {
                        finding(at: here, "url-syntax", "<\(element) srcset> has a bad URL: \(problem)")
                    }
                }
            }
            guard urlAttributes.contains(attrName) else { return }
            let valueScheme = scheme(of: value)
            if isBlank(value) {
                finding(at: here, "empty-url", "<\(element)> has an empty \(attrName)")
            } else if let scheme = valueScheme, !allowedSchemes.contains(scheme) {
                finding(at: here, "unsafe-url", "<\(element) \(attrName)> uses the scheme '\(scheme):'")
            } else {
                if let problem = URLSyntax.problem(in: value) {
                    finding(at: here, "url-syntax", "<\(element) \(attrName)> has a bad URL: \(problem)")
                }
                if valueScheme == nil, !value.hasPrefix("//") { facts.links.append((value, tag.end)) }
            }
        }

        /// A problem `TableModel` found, told at its element's start tag.
        private func tableModel(_ problem: TableModel.Problem) {
            finding(
                at: position(of: problem.element, line: problem.line), "table-model",
                problem.message + ": a browser shows it, but the page is not valid HTML")
        }

        /// A problem `ContentModels` found, told at its element's start tag.
        private func contentModel(_ problem: ContentModels.Problem) {
            finding(
                at: position(of: problem.element, line: problem.line), "content-model",
                problem.message + ": a browser shows it, but the page is not valid HTML")
        }

        var wantsText: Bool { open != nil || textMoves || models.wantsText }

        func text(_ text: String) {
            if models.wantsText, !stopped, BrowserNesting.hasContent(text), let problem = models.text() {
                contentModel(problem)
            }
            if textMoves, let (context, line, _, _) = nesting.last, let part = context.name,
                toldFostered != nesting.count,
                BrowserNesting.hasContent(text)
            {
                toldFostered = nesting.count
                let whither = context.fostersText ? "out, before the table" : "into the body"
                finding(
                    at: position(of: part, line: line), "misnested",
                    "text straight inside <\(part)>: a browser moves it \(whither)")
            }
            if open != nil { openText += text }
        }

        func markup(_ markup: XMLMarkup, line: Int) {
            switch markup {
            case .cdata:
                finding(
                    line, 1, "xml-only", "a CDATA section, which a browser reads as a comment ending at its first '>'")
            case .processingInstruction:
                finding(
                    line, 1, "xml-only",
                    "a processing instruction, which a browser reads as a comment ending at its first '>'")
            case .comment where rawText != nil:
                let name = rawText?.element ?? ""
                finding(
                    line, 1, "xml-only",
                    "a comment inside <\(name)>, whose text a browser reads raw, up to the first </\(name)> even inside it"
                )
            case .comment(let text) where text.hasPrefix(">") || text.hasPrefix("->"):
                finding(line, 1, "xml-only", "a comment starting '<!-->' or '<!--->', which a browser ends there")
            case .comment: break
            case .internalSubset:
                finding(line, 1, "doctype", "a DOCTYPE with declarations: a page's is <!DOCTYPE html> alone")
            }
        }

        /// Elements HTML allows in one place only: the head's own outside the head, an
        /// `<option>` outside what lists options, and in a `<noscript>` in the head anything
        /// but the three it may hold there (a browser with scripts off ends the head at it,
        /// and takes what follows, the title and the charset too, into the body).
        private func placement(of element: String, attributes: XMLAttributes, line: Int) {
            // Asked of every element: the names first, the open elements only for those.
            let parent = nesting.count > 1 ? nesting[nesting.count - 2].element : nil
            if element == "title" || element == "base" || element == "meta" && attributes["charset"] != nil,
                svgDepth == nil, !nesting.dropLast().contains(where: { $0.element == "head" })
            {
                finding(
                    at: position(of: element, line: line), "content-model",
                    "<\(element)\(element == "meta" ? " charset" : "")> outside <head>: it belongs in the head only")
            }
            if element == "option", !["select", "datalist", "optgroup"].contains(parent ?? "") {
                finding(
                    at: position(of: element, line: line), "content-model",
                    "<option> outside a <select>, a <datalist> or an <optgroup>, which alone hold options")
            }
            if parent == "noscript", nesting.count > 2, nesting[nesting.count - 3].element == "head",
                !["link", "style", "meta"].contains(element)
            {
                finding(
                    at: position(of: element, line: line), "content-model",
                    "<\(element)> in a <noscript> in <head>, which holds only <link>, <style> and <meta> there")
            }
        }

        func end() {
            defer { depth -= 1 }
            if toldFostered == nesting.count { toldFostered = nil }
            nesting.removeLast()
            textMoves = nesting.last?.context.movesText ?? false
            if let problem = models.end(), !stopped { contentModel(problem) }
            let tableProblems = tables.end(depth: depth)
            if !stopped { tableProblems.forEach(tableModel) }
            if rawText?.depth == depth { rawText = nil }
            if mathTokenDepth == depth { mathTokenDepth = nil }
            if svgDepth == depth { svgDepth = nil }
            if mathDepth == depth { mathDepth = nil }
            guard let element = open, element.depth == depth else { return }
            open = nil
            defer { openText = "" }
            // Found only for a finding: the column finder reads the whole page the first time.
            var here: (line: Int, column: Int) { position(of: element.element, line: element.line) }
            if element.element == "title", openText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                finding(at: here, "title", "<title> is empty", at: element.findingIndex)
            }
            if element.element == "script", !element.hasSource || !openText.isEmpty {
                finding(
                    at: here, "inline-script", "scripts must load a file of the site, never inline code",
                    at: element.findingIndex)
            }
        }

        /// The page-wide rules, once every element is read.
        func finished() -> HTMLDocumentFacts {
            if !sawCharset { finding(1, 1, "charset", "page needs <meta charset=\"utf-8\">") }
            if !sawTitle { finding(1, 1, "title", "page needs a <title>") }
            if mainCount != 1 { finding(1, 1, "main", "page needs exactly one <main>, found \(mainCount)") }
            return facts
        }
    }

    /// The lower-cased scheme of a URL, if it has one. Browsers drop leading control
    /// characters and spaces and every tab and newline inside a URL, so `java&#9;script:` runs;
    /// and the XML parser has already turned those tabs into spaces. So all ASCII whitespace
    /// and control characters go before the scheme is read: stricter, never looser.
    ///
    /// Read as UTF-8 bytes, which finds the same scheme as reading characters: a scheme is
    /// ASCII, and a byte at or below 0x20 is a whole character but for `\r\n`, dropped alike.
    static func scheme(of url: String) -> String? {
        var scheme: [UInt8] = []
        for byte in url.utf8 where byte > 0x20 {
            switch byte {
            case UInt8(ascii: ":"):
                guard let first = scheme.first, isASCIILetter(first) else { return nil }
                return String(decoding: scheme, as: UTF8.self).lowercased()
            case _
            where isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."):
                scheme.append(byte)
            default:
                return nil
            }
        }
        return nil
    }

    /// The first scheme other than http, https or mailto among an animation's values, each of
    /// which (`values="a;b"`) it sets in turn.
    static func unsafeScheme(inValues value: String) -> String? {
        value.split(separator: ";").lazy.compactMap { scheme(of: String($0)) }.first { !allowedSchemes.contains($0) }
    }

    /// A script's address that names a `.js` or `.mjs` file of the site: no scheme, not `//`
    /// after the spaces and controls a browser drops (nor `\\`, which it reads as `//`). A
    /// script from a `.txt` or `.md` would run what that file holds.
    static func isScriptOfTheSite(_ source: String) -> Bool {
        let trimmed = String(source.drop { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } })
            .replacingOccurrences(of: "\\", with: "/")
        guard scheme(of: trimmed) == nil, !trimmed.hasPrefix("//") else { return false }
        let path = trimmed.prefix { $0 != "?" && $0 != "#" }.lowercased()
        return path.hasSuffix(".js") || path.hasSuffix(".mjs")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// `value.trimmingCharacters(in: .whitespaces).isEmpty`, without building the trimmed string.
    static func isBlank(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { CharacterSet.whitespaces.contains($0) }
    }
}
