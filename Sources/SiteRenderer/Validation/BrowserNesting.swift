/// Where a browser's HTML parser builds another tree than the XML reading of the same page.
///
/// The validator reads a page as XML, where every element stays where it was written. A
/// browser reads it as HTML (the living standard's tree construction), which closes or moves
/// some elements at another's start tag: a `<div>` inside a `<p>` closes the paragraph (and
/// the text after the `<div>` lands outside it), a second `<li>` inside an `<li>` closes the
/// first, text written straight into a `<table>` is moved before it. Such a page shows
/// something the checks did not read, so `HTMLChecker` refuses it (rule `misnested`), and the
/// README sanitiser writes around each case.
///
/// Each open element carries a `Context`: a few flags, derived from its parent's, that say
/// what a start tag inside it would close. Every check is then one look, not a walk up the page.
///
/// One rule of HTML's content models rides along, though a browser builds the tree as written
/// there: a block (`<ul>`, `<div>`, `<table>`) inside an element that holds phrasing content
/// only (`<b>`, `<span>`, a heading). The page shows as meant, but is not valid HTML
/// (`blockInPhrasing`).
///
/// A wrapper the parser adds and nothing moves is accepted: the `<tbody>` around rows written
/// straight in a table, the `<tr>` around a cell, the `<colgroup>` around a `<col>`. Where the
/// rules are simpler than a browser's, they refuse more, never less (a hidden `<input>` a
/// browser keeps in a table is refused as moved).
enum BrowserNesting {
    /// What a browser does at a start tag where the XML reading nests it.
    enum Conflict: Equatable {
        /// A `<p>` is open: the start tag closes it (`<div>`, `<ul>`, `<pre>`, `<table>`, …).
        case closesParagraph
        /// The start tag closes this open element first: an `<li>` in an `<li>`, a heading
        /// straight inside a heading, `<rt>` in `<rt>`, a `<button>` in a button.
        case closes(String)
        /// A link inside a link: the browser closes the outer one.
        case nestedLink
        /// Content of a table that is not a table's own part, straight inside this element
        /// (`table`, `tbody`, `tr`, …): the browser moves it before the table.
        case fostered(from: String)
        /// A tag the browser drops, keeping what the element holds: a part of a table (`tr`,
        /// `td`, `caption`, …) where no table part holds it, `<html>`, `<head>` or `<body>`
        /// inside the page, anything but an option inside a `<select>`.
        case dropsTag
        /// What a page's `<html>` or `<head>` holds straight inside it that is not its own
        /// part (a `<p>` in the head, a `<div>` after `</body>`): the browser moves it into
        /// the body.
        case movedIntoBody(from: String)
        /// A block inside this element, which holds phrasing content only (`<b>`, `<span>`,
        /// `<h2>`): built as written, but not valid HTML.
        case blockInPhrasing(String)
    }

    /// The start tags that close an open `<p>` (in button scope).
    static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
        "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section",
        "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "li", "dd", "dt",
        "plaintext", "table", "hr", "xmp",
    ]

    /// The elements that bound the parser's default scope: a `<p>` or a `<ruby>` outside one
    /// is not "in scope" inside it.
    static let scopeBoundaries: Set<String> = [
        "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template",
        "mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignobject", "desc",
    ]

    /// HTML's "special" elements: an `<li>` (or `<dd>`, `<dt>`) looks for an open one to close
    /// only up to the first of these that is not `address`, `div` or `p`.
    static let special: Set<String> = [
        "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br",
        "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed",
        "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li", "link",
        "listing", "main", "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript", "object", "ol", "p",
        "param", "plaintext", "pre", "script", "search", "section", "select", "source", "style", "summary", "table",
        "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp",
        "mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignobject", "desc",
    ]

    /// The elements a link cannot be seen through: a link in a cell of a table inside a link nests.
    static let linkMarkers: Set<String> = ["applet", "marquee", "object", "template", "td", "th", "caption"]

    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// The elements a ruby's `<rt>` or `<rp>` closes when it is written straight inside one.
    static let rubyEnds: Set<String> = ["rb", "rp", "rt", "rtc", "p", "li", "dd", "dt", "option", "optgroup"]

    /// What each part of a table holds where it is written; anything else inside one (text
    /// too, but white space) is moved before the table. A row or a cell straight in a table
    /// gets the row group or row the parser adds around it, and stays in place.
    static let tableContent: [String: Set<String>] = {
        let rows: Set<String> = ["tr", "td", "th", "script", "template", "style"]
        return [
            "table": rows.union(["caption", "colgroup", "col", "thead", "tbody", "tfoot"]),
            "tbody": rows, "thead": rows, "tfoot": rows,
            "tr": ["td", "th", "script", "template", "style"],
            "colgroup": ["col", "template"],
        ]
    }()

    /// What a page's `<html>` and `<head>` hold where it is written; anything else straight
    /// inside one (text too, but white space) is moved into the body.
    static let documentContent: [String: Set<String>] = [
        "html": ["head", "body"],
        "head": ["title", "meta", "link", "style", "script", "noscript", "base", "template"],
    ]

    /// What a `<select>` holds; a browser drops any other tag inside it (or, for another
    /// `<select>` or a form control, closes the select there).
    static let selectContent: Set<String> = ["option", "optgroup", "hr", "script", "template"]

    /// The elements whose content is phrasing content only (text and the elements of a line),
    /// or, for `summary` and `legend`, that and a heading.
    static let holdsPhrasing: Set<String> = [
        "abbr", "b", "bdi", "bdo", "button", "cite", "code", "data", "dfn", "em", "h1", "h2", "h3", "h4", "h5", "h6",
        "i", "kbd", "label", "legend", "mark", "meter", "output", "p", "pre", "progress", "q", "rp", "rt", "ruby", "s",
        "samp", "small", "span", "strong", "sub", "summary", "sup", "time", "u", "var",
    ]

    /// The elements that hold what holds them (`<a>`, `<ins>`, `<del>`): inside a phrasing
    /// element, phrasing content only.
    static let transparent: Set<String> = ["a", "ins", "del", "map", "object", "canvas", "noscript", "slot"]

    /// Flow content that is not phrasing content: the blocks, and the parts only a block holds
    /// (`li`, `dd`). A table's own parts are left to the table's rules.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li",
        "main", "menu", "nav", "ol", "p", "pre", "search", "section", "summary", "table", "ul",
    ]

    /// Where each part of a table stands: inside one of these, or dropped by the parser.
    static let tablePartParents: [String: Set<String>] = [
        "tr": ["table", "tbody", "thead", "tfoot"], "td": ["table", "tbody", "thead", "tfoot", "tr"],
        "th": ["table", "tbody", "thead", "tfoot", "tr"], "tbody": ["table"], "thead": ["table"], "tfoot": ["table"],
        "caption": ["table"], "colgroup": ["table"], "col": ["table", "colgroup"],
    ]

    /// What the sets above say of one element, looked up once per element (a page has thousands).
    struct Traits: OptionSet, Equatable {
        let rawValue: UInt16
        static let closesParagraph = Traits(rawValue: 1 << 0)
        static let scopeBoundary = Traits(rawValue: 1 << 1)
        /// Special, and not `address`, `div` or `p`: an `<li>` looks for one to close no further.
        static let special = Traits(rawValue: 1 << 2)
        static let linkMarker = Traits(rawValue: 1 << 3)
        static let heading = Traits(rawValue: 1 << 4)
        static let rubyEnd = Traits(rawValue: 1 << 5)
        /// A part of a table (`tablePartParents`).
        static let tablePart = Traits(rawValue: 1 << 6)
        /// Holds a table's parts only (`tableContent`).
        static let holdsTableParts = Traits(rawValue: 1 << 7)
        /// A page's `<html>` or `<head>` (`documentContent`).
        static let holdsDocumentParts = Traits(rawValue: 1 << 8)
        /// Holds phrasing content only (`holdsPhrasing`).
        static let holdsPhrasing = Traits(rawValue: 1 << 9)
        /// Holds what holds it (`transparent`).
        static let transparent = Traits(rawValue: 1 << 10)
        /// A block (`blocks`).
        static let block = Traits(rawValue: 1 << 11)
    }

    static let traitsByName: [String: Traits] = {
        var traits: [String: Traits] = [:]
        func add(_ names: some Sequence<String>, _ trait: Traits) {
            for name in names { traits[name, default: []].insert(trait) }
        }
        add(closesParagraph, .closesParagraph)
        add(scopeBoundaries, .scopeBoundary)
        add(special.subtracting(["address", "div", "p"]), .special)
        add(linkMarkers, .linkMarker)
        add(headings, .heading)
        add(rubyEnds, .rubyEnd)
        add(tablePartParents.keys, .tablePart)
        add(tableContent.keys, .holdsTableParts)
        add(documentContent.keys, .holdsDocumentParts)
        add(holdsPhrasing, .holdsPhrasing)
        add(transparent, .transparent)
        add(blocks, .block)
        return traits
    }()

    static func traits(of element: String) -> Traits { traitsByName[element] ?? [] }

    /// What is open at one element: the flags its children's start tags are checked against.
    struct Context: Equatable {
        /// The element's own name, lower-cased (nil outside every element).
        var name: String?
        var traits: Traits = []
        /// A `<p>` is open and no scope boundary (or `<button>`) lies between.
        var paragraph = false
        /// An `<li>` is open that a new `<li>` would close.
        var listItem = false
        /// The `<dd>` or `<dt>` that is open and a new one would close.
        var definition: String?
        /// An `<a>` is open, not behind a cell or caption.
        var link = false
        /// A `<ruby>` is open in scope.
        var ruby = false
        /// A `<button>` is open in scope.
        var button = false
        /// Inside a `<select>`, straight or in its options.
        var select = false
        /// The innermost open element that holds phrasing content only, where no block has
        /// opened since (a transparent `<a>` between does not count); nil where a block may stand.
        var phrasing: String?

        /// Outside every element.
        static let root = Context()

        /// The context inside `element` (whose `traits` are given), a child of this one.
        func entering(_ element: String, _ traits: Traits) -> Context {
            let bounded = traits.contains(.scopeBoundary)
            let special = traits.contains(.special)
            return Context(
                name: element, traits: traits,
                paragraph: element == "p" || (paragraph && !bounded && element != "button"),
                listItem: element == "li" || (listItem && !special),
                definition: element == "dd" || element == "dt" ? element : special ? nil : definition,
                link: element == "a" || (link && !traits.contains(.linkMarker)),
                ruby: element == "ruby" || (ruby && !bounded),
                button: element == "button" || (button && !bounded),
                select: element == "select" || (select && (element == "option" || element == "optgroup")),
                phrasing: traits.contains(.holdsPhrasing) ? element : traits.contains(.transparent) ? phrasing : nil)
        }

        func entering(_ element: String) -> Context { entering(element, BrowserNesting.traits(of: element)) }

        func conflict(with element: String) -> Conflict? { conflict(with: element, BrowserNesting.traits(of: element)) }

        /// What a browser does with a start tag of `element` (whose `traits` are given) here,
        /// where the XML reading nests it; nil where both read the same tree.
        func conflict(with element: String, _ traits: Traits) -> Conflict? {
            if self.traits.contains(.holdsDocumentParts), let name, let holds = BrowserNesting.documentContent[name] {
                return holds.contains(element) ? nil : .movedIntoBody(from: name)
            }
            if element == "html" || ((element == "head" || element == "body") && name != "html") {
                return name == nil ? nil : .dropsTag
            }
            if select {
                if ["select", "input", "keygen", "textarea"].contains(element) { return .closes("select") }
                if !BrowserNesting.selectContent.contains(element) { return .dropsTag }
            }
            if self.traits.contains(.holdsTableParts), let name, let holds = BrowserNesting.tableContent[name] {
                if holds.contains(element) { return nil }
                // A table's own part in the wrong place ends the part it is in; a table in a
                // table ends the outer one; only what is no part of a table is moved.
                if element == "table" { return .closes("table") }
                if name == "colgroup" || BrowserNesting.tablePartParents[element] != nil { return .closes(name) }
                return .fostered(from: name)
            }
            if traits.contains(.tablePart), let parents = BrowserNesting.tablePartParents[element],
                !parents.contains(name ?? "")
            {
                return .dropsTag
            }
            if element == "li", listItem { return .closes("li") }
            if element == "dd" || element == "dt", let definition { return .closes(definition) }
            if paragraph, traits.contains(.closesParagraph) { return .closesParagraph }
            if let name, traits.contains(.heading), self.traits.contains(.heading) { return .closes(name) }
            if element == "a", link { return .nestedLink }
            if element == "button", button { return .closes("button") }
            if element == "rt" || element == "rp", ruby, let name, self.traits.contains(.rubyEnd) {
                return .closes(name)
            }
            if element == "option", name == "option" { return .closes("option") }
            if element == "optgroup", let name, name == "option" || name == "optgroup" { return .closes(name) }
            // A summary or legend may hold a heading, straight inside it (not in an `<a>` in it).
            if traits.contains(.block), let phrasing,
                !(traits.contains(.heading) && name == phrasing && (phrasing == "summary" || phrasing == "legend"))
            {
                return .blockInPhrasing(phrasing)
            }
            return nil
        }

        /// Whether text with more than white space written straight in here is moved before the table.
        var fostersText: Bool { traits.contains(.holdsTableParts) }

        /// Whether text with more than white space written straight in here is moved at all.
        var movesText: Bool { !traits.isDisjoint(with: [.holdsTableParts, .holdsDocumentParts]) }
    }

    /// Whether `text` holds more than HTML's white space (space, tab, line feed, form feed,
    /// carriage return): a no-break space is text a table moves out too.
    static func hasContent(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { !$0.isHTMLWhitespace }
    }
}
