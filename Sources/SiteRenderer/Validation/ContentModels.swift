/// HTML's content models of lists, description lists, terms, tables, captions, rubies,
/// pictures, summaries and links, which a browser builds as written but the W3C checker
/// refuses (rule `content-model`): a list holds items only, an item stands in a list; a
/// `<dl>` holds groups of terms then descriptions (each group in a `<div>` of its own, or
/// none in one), a term or description stands in one; a term or header cell holds no
/// heading or section; a `<figcaption>` stands in a `<figure>`, first or last in it and
/// once, an `<rt>` or `<rp>` in a `<ruby>`, and a `<ruby>` holds an `<rt>` and ends with one
/// (or an `<rp>`, which holds text only); a `<picture>` holds an `<img>`; a table's
/// `<caption>` comes first in it and holds no table, its column groups, header, rows and
/// footer come in that order (the header and the footer once), a cell stands in a row (not
/// straight in a table or a row group, where a browser adds the row), and a row holds a
/// cell; a `<summary>` stands first in a `<details>`, and holds a line's content or one
/// heading, not both; a link holds no link (one a browser keeps open behind a table's cell
/// or caption), and a definition (`<dfn>`) no definition. Where a table's cells stand on its
/// grid is `TableModel`'s.
///
/// Kept beside `HTMLChecker.Page` as its elements start and end: one small entry a level.
struct ContentModels {
    /// What an open element holds, as these rules see it.
    private enum Holder {
        /// None of the elements these rules are about.
        case other
        /// `<ul>`, `<ol>`, `<menu>`: items only.
        case list
        /// `<dl>`: terms and descriptions, or `<div>`s of them.
        case descriptionList
        /// A `<div>` in a `<dl>`: one group, terms then descriptions.
        case group
        /// `<figure>`: where a `<figcaption>` stands.
        case figure
        /// `<ruby>`: holds an `<rt>`, where it and `<rp>` stand, and ends with one of them.
        case ruby
        /// `<summary>`: a line's content, or one heading.
        case summary
        /// `<table>`: its caption first; rows, not cells.
        case table
        /// `<tbody>`, `<thead>`, `<tfoot>`: rows, not cells.
        case rowGroup
        /// `<details>`: its summary first.
        case details
        /// `<tr>`: a cell at least.
        case row
        /// `<picture>`: an image.
        case picture
        /// `<rp>`: text only.
        case rubyParenthesis
    }

    private struct Open {
        var holder: Holder
        /// Its name, kept only for the holders these rules are about (told in their messages).
        var name: String
        var line: Int
        /// Seen so far among its children.
        var terms = false
        var descriptions = false
        var groups = false
        /// The last term or description seen was a term.
        var endsWithTerm = false
        /// A ruby's text (`<rt>`) was seen.
        var rubyText = false
        /// The last child of a ruby so far (an element, or text with more than white space)
        /// is its text or a parenthesis (`<rt>`, `<rp>`).
        var endsWithRubyPart = false
        /// A summary's headings so far, and whether it holds anything else (an element, or
        /// text with more than white space).
        var headings = 0
        var holdsMore = false
        /// A table held an element, or a `<details>` or a `<figure>` an element or text,
        /// before this one; or a row a cell; or a picture an image.
        var holdsParts = false
        /// A figure's `<figcaption>` was seen after its other content, or its other content
        /// after its `<figcaption>`; both, and the caption stands in the middle.
        var captionAfterContent = false
        var contentAfterCaption = false
        /// A figure's `<figcaption>` was seen.
        var hasFigcaption = false
        /// Its stray text was told: once an element is enough.
        var toldText = false
        /// A table's last part so far among its column groups, header, rows and footer
        /// (`tableParts`), which come in that order, the header and the footer once.
        var lastPart: (order: Int, name: String)?

        /// A list, a `<dl>` or a group of one, where text may not stand.
        var holdsPartsOnly: Bool { holder == .list || holder == .descriptionList || holder == .group }
    }

    /// A problem found, with the line of the element it is told at.
    struct Problem: Equatable {
        var element: String
        var line: Int
        var message: String
    }

    private var open: [Open] = {
        var open: [Open] = []
        open.reserveCapacity(64)
        return open
    }()
    /// The depth and name of the outermost open term or header cell, which holds no heading.
    private var term: (depth: Int, name: String)?
    /// The depth of the outermost open table caption, which holds no table.
    private var caption: Int?
    /// The depth of the outermost open `<a>`, which holds no other.
    private var link: Int?
    /// The depth of the outermost open `<dfn>`, which holds no other.
    private var definition: Int?

    /// What an element is to these rules, looked up once as it starts (`HTMLChecker.facts`).
    enum Role: UInt8 {
        case none, item, term, description, division, list, descriptionList, headerCell, figure, caption, ruby
        /// `<rt>`, `<rp>`: a ruby's text and its parentheses.
        case rubyPart
        /// A heading (`<h1>` to `<h6>`, `<hgroup>`): what no term or header cell may hold,
        /// and what a summary holds alone.
        case heading
        /// A section, header or footer: what no term or header cell may hold either.
        case notInTerms
        /// The parts of a table, links, summaries and what holds them, pictures and images.
        case table, tableCaption, rowGroup, row, cell, link, summary, details, picture, image
        /// `<colgroup>`, `<col>`: a table's columns, which only `TableModel` counts.
        case columnGroup, column
        /// `<dfn>`: what no definition may hold.
        case definition
        /// `<script>`, `<template>`: what any of these holders may hold beside its own parts.
        case scriptSupporting
    }

    static let roles: [String: Role] = {
        var roles: [String: Role] = [
            "li": .item, "dt": .term, "dd": .description, "div": .division, "ul": .list, "ol": .list, "menu": .list,
            "dl": .descriptionList, "th": .headerCell, "script": .scriptSupporting, "template": .scriptSupporting,
            "figure": .figure, "figcaption": .caption, "ruby": .ruby, "rt": .rubyPart, "rp": .rubyPart,
            "table": .table, "caption": .tableCaption, "a": .link, "summary": .summary, "details": .details,
            "dfn": .definition,
            "tbody": .rowGroup, "thead": .rowGroup, "tfoot": .rowGroup, "tr": .row, "td": .cell,
            "colgroup": .columnGroup, "col": .column,
            "picture": .picture, "img": .image,
        ]
        for name in ["h1", "h2", "h3", "h4", "h5", "h6", "hgroup"] { roles[name] = .heading }
        for name in ["header", "footer", "article", "aside", "nav", "section"] { roles[name] = .notInTerms }
        return roles
    }()

    /// The order of a table's parts after its caption; those of an even order come once.
    private static let tableParts = ["colgroup": 1, "col": 1, "thead": 2, "tbody": 3, "tr": 3, "tfoot": 4]

    /// Whether text straight in the innermost element would be a problem not yet told, or
    /// would end a ruby or join a summary's heading.
    var wantsText: Bool {
        guard let last = open.last else { return false }
        return (last.holdsPartsOnly && !last.toldText) || (last.holder == .ruby && last.endsWithRubyPart)
            || (last.holder == .summary && !last.holdsMore) || (last.holder == .details && !last.holdsParts)
            || (last.holder == .figure && (!last.holdsParts || last.hasFigcaption))
    }

    /// An element starts, on `line`, inside those open.
    mutating func start(_ element: String, line: Int) -> [Problem] {
        start(element, role: Self.roles[element] ?? .none, line: line)
    }

    /// The same, with the element's `role` looked up already. `linkCloses`: an `<a>` is open
    /// that a browser closes at this one (`BrowserNesting`, which tells it): not told again.
    mutating func start(_ element: String, role: Role, line: Int, linkCloses: Bool = false) -> [Problem] {
        var problems: [Problem] = []
        func problem(_ message: String) { problems.append(Problem(element: element, line: line, message: message)) }
        let parent = open.last?.holder ?? .other
        if open.last?.holdsPartsOnly == true, role != .scriptSupporting {
            let name = open[open.count - 1].name
            switch (parent, role) {
            case (.list, .item), (.descriptionList, .term), (.descriptionList, .description),
                (.descriptionList, .division), (.group, .term), (.group, .description):
                break
            case (.list, _):
                problem("<\(element)> straight inside <\(name)>, which holds only items (<li>)")
            case (.group, _):
                problem(
                    "<\(element)> straight inside a <div> of a <dl>, which holds only terms and descriptions (<dt>, <dd>)"
                )
            default:
                problem(
                    "<\(element)> straight inside <\(name)>, which holds only terms and descriptions (<dt>, <dd>) or <div>s of them"
                )
            }
        }
        switch role {
        case .item where parent != .list:
            problem("<li> outside a list: an item stands only in a <ul>, an <ol> or a <menu>")
        case .term, .description:
            if parent == .descriptionList || parent == .group {
                noteTermOrDescription(element, problem)
            } else {
                problem("<\(element)> outside a <dl>: a term or description stands only in one (or in a <div> in one)")
            }
        case .division where parent == .descriptionList:
            if open[open.count - 1].terms || open[open.count - 1].descriptions {
                problem("<div> beside terms and descriptions in a <dl>, which holds either them or <div>s of them")
            }
            open[open.count - 1].groups = true
        case .caption where parent != .figure:
            problem("<figcaption> outside a <figure>: a caption stands only in one")
        case .rubyPart where parent != .ruby:
            problem("<\(element)> outside a <ruby>: a ruby's text and parentheses stand only in one")
        case .heading, .notInTerms:
            if let term {
                problem("<\(element)> inside <\(term.name)>, which may hold no heading, section, header or footer")
            }
        case .table where caption != nil:
            problem("<table> inside a table's <caption>, which holds no table")
        case .definition where definition != nil:
            problem("<dfn> inside a <dfn>: a definition holds no other")
        case .link where link != nil && !linkCloses:
            problem(
                "<a> inside an <a> that a browser keeps open behind a table's cell or caption: a link holds no link")
        case .cell, .headerCell:
            if parent == .table || parent == .rowGroup {
                problem("<\(element)> straight inside <\(open[open.count - 1].name)>: a cell stands in a row (<tr>)")
            }
        case .tableCaption where parent == .table && open[open.count - 1].holdsParts:
            problem("<caption> after a table's other parts: it comes first")
        case .summary where parent != .details:
            problem("<summary> outside a <details>: it stands first in one")
        case .summary where open[open.count - 1].holdsParts:
            problem("<summary> after a <details>'s other content: it comes first")
        default: break
        }
        switch parent {
        case .ruby:
            if element == "rt" { open[open.count - 1].rubyText = true }
            open[open.count - 1].endsWithRubyPart = role == .rubyPart
        case .summary:
            if role == .heading { open[open.count - 1].headings += 1 } else { open[open.count - 1].holdsMore = true }
        case .table, .details:
            if role != .scriptSupporting { open[open.count - 1].holdsParts = true }
            if parent == .table, let order = Self.tableParts[element] {
                let last = open[open.count - 1].lastPart
                if let last, order < last.order {
                    problem(
                        "<\(element)> after the table's <\(last.name)>: a table's column groups come first, then its header (<thead>), its rows and its footer (<tfoot>)"
                    )
                } else if let last, order == last.order, order.isMultiple(of: 2) {
                    problem("a second <\(element)> in a table, which has one at most")
                }
                if order >= last?.order ?? 0 { open[open.count - 1].lastPart = (order, element) }
            }
        case .row:
            if role == .cell || role == .headerCell { open[open.count - 1].holdsParts = true }
        case .picture:
            if role == .image { open[open.count - 1].holdsParts = true }
        case .figure:
            if role == .caption {
                if open[open.count - 1].hasFigcaption {
                    problem("a second <figcaption> in a <figure>, which has one at most")
                }
                open[open.count - 1].hasFigcaption = true
                open[open.count - 1].captionAfterContent = open[open.count - 1].holdsParts
            } else {
                open[open.count - 1].contentAfterCaption = open[open.count - 1].hasFigcaption
                open[open.count - 1].holdsParts = true
            }
        case .rubyParenthesis:
            problem("<\(element)> inside an <rp>, which holds text only")
        default: break
        }
        if term == nil, role == .term || role == .headerCell { term = (open.count + 1, element) }
        if caption == nil, role == .tableCaption { caption = open.count + 1 }
        if link == nil, role == .link { link = open.count + 1 }
        if definition == nil, role == .definition { definition = open.count + 1 }
        let holder: Holder
        switch role {
        case .list: holder = .list
        case .descriptionList: holder = .descriptionList
        case .division where parent == .descriptionList: holder = .group
        case .figure: holder = .figure
        case .ruby: holder = .ruby
        case .summary: holder = .summary
        case .table: holder = .table
        case .rowGroup: holder = .rowGroup
        case .details: holder = .details
        case .row: holder = .row
        case .picture: holder = .picture
        case .rubyPart where element == "rp": holder = .rubyParenthesis
        default: holder = .other
        }
        open.append(Open(holder: holder, name: holder == .other ? "" : element, line: line))
        return problems
    }

    /// A term or description straight in the innermost `<dl>` or its `<div>`: in the order
    /// HTML wants, terms first.
    private mutating func noteTermOrDescription(_ element: String, _ problem: (String) -> Void) {
        let index = open.count - 1
        let holder = open[index]
        if holder.holder == .descriptionList, holder.groups {
            problem("<\(element)> beside <div>s in a <dl>, which holds either terms and descriptions or <div>s of them")
        }
        if element == "dd", !holder.terms {
            problem("<dd> with no term (<dt>) before it in its <\(holder.name)>")
        }
        if element == "dt", holder.holder == .group, holder.descriptions {
            problem("<dt> after a description in a <div> of a <dl>, which holds one group: terms, then descriptions")
        }
        open[index].terms = open[index].terms || element == "dt"
        open[index].descriptions = open[index].descriptions || element == "dd"
        open[index].endsWithTerm = element == "dt"
    }

    /// Text with more than white space straight in the innermost element.
    mutating func text() -> Problem? {
        guard let last = open.last else { return nil }
        if last.holder == .ruby { open[open.count - 1].endsWithRubyPart = false }
        if last.holder == .summary { open[open.count - 1].holdsMore = true }
        if last.holder == .details { open[open.count - 1].holdsParts = true }
        if last.holder == .figure {
            open[open.count - 1].contentAfterCaption = last.hasFigcaption
            open[open.count - 1].holdsParts = true
        }
        guard last.holdsPartsOnly, !last.toldText else { return nil }
        open[open.count - 1].toldText = true
        let what =
            last.holder == .list ? "items (<li>)" : "terms and descriptions (<dt>, <dd>)"
        return Problem(
            element: last.name, line: last.line,
            message: "text straight inside <\(last.name)>, which holds only \(what)")
    }

    /// The innermost element ends.
    mutating func end() -> Problem? {
        let closed = open.removeLast()
        if term?.depth == open.count + 1 { term = nil }
        if caption == open.count + 1 { caption = nil }
        if link == open.count + 1 { link = nil }
        if definition == open.count + 1 { definition = nil }
        if closed.holder == .ruby, !closed.rubyText {
            return Problem(
                element: closed.name, line: closed.line, message: "a <ruby> with no <rt>: it holds a ruby's text")
        }
        if closed.holder == .ruby, !closed.endsWithRubyPart {
            return Problem(
                element: closed.name, line: closed.line,
                message: "a <ruby> with text or an element after its last <rt> or <rp>: a ruby ends with one")
        }
        if closed.holder == .figure, closed.captionAfterContent, closed.contentAfterCaption {
            return Problem(
                element: closed.name, line: closed.line,
                message: "a <figure> with content before and after its <figcaption>: the caption stands first or last")
        }
        if closed.holder == .picture, !closed.holdsParts {
            return Problem(
                element: closed.name, line: closed.line, message: "a <picture> with no <img>: it shows its image by one"
            )
        }
        if closed.holder == .row, !closed.holdsParts {
            return Problem(
                element: closed.name, line: closed.line, message: "a <tr> with no cell (<td>, <th>): a row holds one")
        }
        if closed.holder == .summary, closed.headings > 1 || (closed.headings == 1 && closed.holdsMore) {
            return Problem(
                element: closed.name, line: closed.line,
                message: "a <summary> holding a heading beside more: it holds a line's content or one heading alone")
        }
        guard closed.holder == .descriptionList || closed.holder == .group else { return nil }
        let place = closed.holder == .group ? "a <div> in a <dl>" : "a <dl>"
        if closed.holder == .group, !closed.terms || !closed.descriptions {
            return Problem(
                element: closed.name, line: closed.line,
                message:
                    "\(place) with no \(closed.terms ? "description (<dd>)" : "term (<dt>)"): it holds one group of both"
            )
        }
        if closed.endsWithTerm {
            return Problem(
                element: closed.name, line: closed.line,
                message: "\(place) whose last term (<dt>) has no description (<dd>) after it")
        }
        return nil
    }
}
