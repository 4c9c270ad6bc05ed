internal import CLibXML2

extension HTMLSanitiser {
    /// Mends, in libxml2's tree and before either pass writes it, the parts a README may put
    /// where HTML's content models allow none, though a browser shows them (the W3C checker
    /// calls such a page invalid). Each is given the parent it lacks, or is moved to where
    /// its parent wants it, so the page looks as it would have:
    ///
    /// - what a list holds besides its items (text, a `<p>`, a `<br>`, an `<img>`, a list
    ///   nested straight in a list) goes into an item with the class `bare-item`, which the
    ///   themes show without a bullet, as a browser shows it;
    /// - items with no list around them get a `<ul>`;
    /// - a `<details>` holds its `<summary>` first, or gets one with the browser's word for it
    ///   (`readme.details`, "Details"), and a `<summary>` anywhere else is a `<div>`, a
    ///   block as a browser shows it;
    /// - cells written straight in a table or a row group get the `<tr>` a browser adds, rows
    ///   straight in a table the `<tbody>`, and a `<caption>` goes first in its table, where a
    ///   browser shows it (another is a `<div>`, which the writer moves before the table), a
    ///   `<thead>` before the rows and a `<tfoot>` after them (a second of either is rows);
    ///   rows with no cells, which a browser shows nothing of, go (what they hold stays, for
    ///   the writer to move before the table; a cell spanning rows into one spans one fewer),
    ///   a row or cell written inside something else in a table goes back into it, as a
    ///   browser puts it (`hoistTableParts`), and each cell's spans fit the table's grid
    ///   (`fitSpans`): no overlap, no row past its group, no column no cell begins in (these
    ///   table mends are in `HTMLSanitiser+TidyTables.swift`);
    /// - terms and descriptions (`<dt>`, `<dd>`) with no `<dl>` around them get one, and a
    ///   list's first description with no term, or its last term with no description, an
    ///   empty one, which a browser shows nothing of; what a `<dl>` holds besides them goes
    ///   into a description with the class `bare-item`, shown without an indent; a `<dl>`
    ///   that groups them in `<div>`s has all it holds so grouped, one group to a `<div>`.
    ///   (A heading in a header cell or a term is the writer's: `<span role="heading">`.)
    ///
    /// Where HTML has no place for a part, it becomes the element a browser shows it as:
    ///
    /// - a ruby's text (`<rt>`) or parenthesis (`<rp>`) outside a ruby, and a `<ruby>` with
    ///   no `<rt>`, a `<span>`; what a ruby holds after its last `<rt>` or `<rp>` goes after it;
    /// - a `<summary>` holding a heading beside more: all it holds goes into the heading;
    /// - a `<figcaption>` outside a figure, or not first or last in it, a `<div>`;
    /// - a `<picture>` with no `<img>` (which shows none of its sources), or whose image's
    ///   `src` may not stay (it is written as its alt text), a `<span>`;
    /// - a `<time>` with no `datetime`, or one that is no date (its text is then seldom the
    ///   date HTML asks for), a `<span>`;
    /// - what a `<picture>` holds besides its sources and image goes before or after it;
    /// - a `<details>` inside a link (where it cannot open), a `<div>`.
    ///
    /// What a picture holds beside its image goes out of it first (`freePictures`), so the
    /// walk mends it where it lands. True where that moved anything: `regrouped` then checks
    /// the output too.
    func tidy(_ root: xmlNodePtr) -> Bool {
        let moved = freePictures(below: root)
        // Each element gone into, as `BrowserNesting` reads it: whether an `<li>` is open there
        // that an `<li>` inside would close, as in `<li><div><li>` (`listItem`); and its name.
        var contexts: [(nesting: BrowserNesting.Context, name: String)] = []
        var links = 0
        XMLTree.walk(
            root,
            enter: { node in
                guard node.pointee.type == XML_ELEMENT_NODE else { return false }
                var name = XMLTree.name(of: node)
                if name == "details", links > 0 {
                    xmlNodeSetName(node, "div")
                    name = "div"
                }
                let context = (contexts.last?.nesting ?? .root).entering(name)
                name = mend(node, name, parent: contexts.last?.name, context: context)
                if name == "a" { links += 1 }
                contexts.append((context, name))
                return true
            },
            leave: {
                if contexts.removeLast().name == "a" { links -= 1 }
            })
        return moved
    }

    /// Moves what each picture below `root` that shows an image holds beside its sources
    /// and image out of it (`movePastPicture`), outermost first, so that a picture moved out
    /// of another is freed in its turn: before `tidy`'s walk, which passes over what is moved
    /// before the element it is at. True where it moved anything.
    private func freePictures(below root: xmlNodePtr) -> Bool {
        var pictures: [xmlNodePtr] = []
        XMLTree.walk(
            root,
            enter: { node in
                guard node.pointee.type == XML_ELEMENT_NODE else { return false }
                if xmlStrEqual(node.pointee.name, "picture") != 0 { pictures.append(node) }
                return true
            }, leave: {})
        var moved = false
        for picture in pictures {
            if !XMLTree.children(of: picture, named: "source").isEmpty { Self.emptySources(in: picture) }
            if showsImage(picture, Self.elements(in: picture)) { moved = Self.movePastPicture(picture) || moved }
        }
        return moved
    }

    /// What `tidy` does at one element, to its children (and, where HTML has no place for
    /// the element as it is, to the element: the name it now has).
    private func mend(_ element: xmlNodePtr, _ name: String, parent: String?, context: BrowserNesting.Context)
        -> String
    {
        var name = name
        // Each child's name is read once here (a README has thousands of elements), and again
        // only after children were moved or dropped.
        var children = Self.elements(in: element)
        let has = { (wanted: String) in children.contains { $0.name == wanted } }
        if has("source") {
            Self.emptySources(in: element)
            children = Self.elements(in: element)
        }
        switch name {
        case "ruby" where !has("rt"), "picture" where !showsImage(element, children):
            if name == "picture" { Self.dropSources(of: children) }
            xmlNodeSetName(element, "span")
            name = "span"
            children = Self.elements(in: element)
        case "time" where !Self.isDateTime(XMLTree.attribute("datetime", of: element)):
            xmlNodeSetName(element, "span")
            name = "span"
        case "figure":
            Self.keepOneCaption(in: element)
        case "ruby":
            Self.endWithRubyPart(element)
        case "summary":
            Self.liftHeadings(in: element)
            Self.keepOneHeading(in: element)
        default: break
        }
        mendChildren(of: element, name, children, parent: parent, context: context)
        return name
    }

    /// The element children of `parent`, with their names.
    static func elements(in parent: xmlNodePtr) -> [(node: xmlNodePtr, name: String)] {
        var elements: [(node: xmlNodePtr, name: String)] = []
        var child = parent.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { elements.append((current, XMLTree.name(of: current))) }
            child = current.pointee.next
        }
        return elements
    }

    /// What `mend` does to an element's children (its `children`, as named before).
    private func mendChildren(
        of element: xmlNodePtr, _ name: String, _ children: [(node: xmlNodePtr, name: String)], parent: String?,
        context: BrowserNesting.Context
    ) {
        for child in children {
            switch child.name {
            // A summary anywhere but first in a `<details>` is shown as a block.
            case "summary" where name != "details", "figcaption" where name != "figure":
                xmlNodeSetName(child.node, "div")
            case "rt" where name != "ruby", "rp" where name != "ruby":
                xmlNodeSetName(child.node, "span")
            default: break
            }
        }
        // A `<div>` in a `<dl>` groups its terms and descriptions; terms a browser closes an
        // open term or description at are left to it (`BrowserNesting`).
        if name != "dl", name != "div" || parent != "dl", context.definition == nil,
            children.contains(where: { $0.name == "dt" || $0.name == "dd" })
        {
            Self.giveTermsAList(in: element)
        }
        switch name {
        case "ul", "ol", "menu":
            Self.keepItemsOnly(in: element)
        case "details":
            if XMLTree.children(of: element, named: "summary").isEmpty,
                let made = xmlNewDocNode(element.pointee.doc, nil, "summary", nil)
            {
                xmlAddChild(made, xmlNewDocText(element.pointee.doc, labels.details))
                xmlAddChild(element, made)
            }
            Self.putSummaryFirst(in: element)
        case "table":
            Self.hoistTableParts(in: element)
            Self.unwrapRowsWithoutCells(of: element)
            Self.giveCellsARow(in: element)
            Self.giveRowsAGroup(in: element)
            Self.putCaptionFirst(in: element)
            Self.putRowGroupsInOrder(in: element)
            Self.fitSpans(of: element)
        case "dl":
            Self.mendDescriptionList(element)
        case "div" where parent == "dl":
            Self.mendGroup(element)
        case "tbody", "thead", "tfoot":
            // A table's own groups are mended with it.
            guard parent != "table" else { break }
            Self.giveCellsARow(in: element)
            Self.fitRowSpans(in: element)
        default: break
        }
        // Items anywhere but in a list get one (in a `<details>`, a table's part, which a
        // browser moves them out of, with it); those a browser closes an open item at are left
        // to it (`BrowserNesting`).
        if !["ul", "ol", "menu"].contains(name), !context.listItem, children.contains(where: { $0.name == "li" }) {
            Self.giveItemsAList(in: element)
        }
    }

    /// A `<dl>`'s terms and descriptions as HTML wants them, or, where it holds `<div>`s, each
    /// run of what else it holds in a `<div>` of its own (a `<dl>` holds either), each `<div>`
    /// then mended as a group when the walk enters it (`mendGroup`).
    static func mendDescriptionList(_ list: xmlNodePtr) {
        if !XMLTree.children(of: list, named: "div").isEmpty {
            wrapRuns(in: list, of: { $0 != "div" }, into: "div", marking: nil)
            return
        }
        wrapRuns(in: list, of: { !isTermOrDescription($0) }, into: "dd", marking: bareItem)
        pairTerms(in: list)
    }

    /// A `<div>` in a `<dl>` as HTML wants it: one group, terms then descriptions. Where a
    /// term follows a description, a further group starts, which goes into a `<div>` of its
    /// own after this one, with its attributes but its id (a browser shows the blocks as it
    /// showed one): all in one pass, each node moved once, so a `<div>` of thousands of groups
    /// costs its length. The walk comes to each new `<div>` next, and mends it in turn. A
    /// group with nothing in it gets an empty term and description, which a browser shows
    /// nothing of.
    static func mendGroup(_ group: xmlNodePtr) {
        wrapRuns(in: group, of: { !isTermOrDescription($0) }, into: "dd", marking: bareItem)
        var (current, described) = (group, false)
        var child = group.pointee.children
        while let node = child {
            child = node.pointee.next
            let name = node.pointee.type == XML_ELEMENT_NODE ? XMLTree.name(of: node) : ""
            if name == "dt", described, let next = xmlNewDocNode(group.pointee.doc, nil, "div", nil) {
                var attribute = group.pointee.properties
                while let copied = attribute {
                    let name = String(cString: copied.pointee.name)
                    if name != "id" { xmlSetProp(next, name, XMLTree.attributeValue(copied)) }
                    attribute = copied.pointee.next
                }
                current = xmlAddNextSibling(current, next) ?? current
                described = false
            }
            if current != group { append(node, to: current) }
            if name == "dd" { described = true }
        }
        pairTerms(in: group)
        if elements(in: group).isEmpty, let term = xmlNewDocNode(group.pointee.doc, nil, "dt", nil),
            let description = xmlNewDocNode(group.pointee.doc, nil, "dd", nil)
        {
            for part in [term, description] {
                xmlSetProp(part, "class", bareItem)
                _ = xmlAddChild(group, part)
            }
        }
    }

    /// What a ruby holds after its last text or parenthesis (`<rt>`, `<rp>`) goes after it, in
    /// its order: HTML ends a ruby with one, and a browser shows what follows as text with
    /// nothing above it, as it is then. A parenthesis holding an element (HTML's holds text
    /// only) is a `<span>` first.
    static func endWithRubyPart(_ ruby: xmlNodePtr) {
        for part in XMLTree.children(of: ruby, named: "rp") where !elements(in: part).isEmpty {
            xmlNodeSetName(part, "span")
        }
        var trailing: [xmlNodePtr] = []
        var sawPart = false
        var child = ruby.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, ["rt", "rp"].contains(XMLTree.name(of: current)) {
                (trailing, sawPart) = ([], true)
            } else {
                trailing.append(current)
            }
            child = current.pointee.next
        }
        guard sawPart, trailing.contains(where: Writer.isContent) else { return }
        insert(trailing, after: ruby)
    }

    /// A summary holding a heading beside more (text, another element, another heading): all
    /// it holds goes into its first heading, in its order, and the other headings are
    /// `<span>`s. HTML's summary holds a line's content or one heading alone; a browser
    /// shows either, and a heading's look is what such a summary is read by.
    static func keepOneHeading(in summary: xmlNodePtr) {
        let isHeading = { (node: xmlNodePtr) in
            node.pointee.type == XML_ELEMENT_NODE && BrowserNesting.headings.contains(XMLTree.name(of: node))
        }
        var (before, after): ([xmlNodePtr], [xmlNodePtr]) = ([], [])
        var heading: xmlNodePtr?
        var child = summary.pointee.children
        while let current = child {
            child = current.pointee.next
            if heading == nil, isHeading(current) {
                heading = current
            } else if heading == nil {
                before.append(current)
            } else {
                after.append(current)
            }
        }
        guard let heading, (before + after).contains(where: Writer.isContent) else { return }
        // Each put first in turn, the last first: libxml2 merges text into the text after it.
        for node in before.reversed() {
            xmlUnlinkNode(node)
            if let first = heading.pointee.children {
                _ = xmlAddPrevSibling(first, node)
            } else {
                append(node, to: heading)
            }
        }
        for node in after {
            // Asked before it moves: libxml2 merges a text node into the text before it, and frees it.
            let wasHeading = isHeading(node)
            // A space where a browser broke the line before the heading, read in its text too.
            if wasHeading, let space = xmlNewDocText(summary.pointee.doc, " ") { append(space, to: heading) }
            if wasHeading { xmlNodeSetName(node, "span") }
            append(node, to: heading)
        }
    }

    /// A heading alone in a link (or an insertion or deletion) in a summary, which HTML allows
    /// only straight inside one: the heading takes the link's place, and the link goes inside
    /// it, around what it held (`<h3><a>T</a></h3>`), so the summary keeps both.
    static func liftHeadings(in summary: xmlNodePtr) {
        for holder in elements(in: summary) where ["a", "del", "ins"].contains(holder.name) {
            // Its one element, and nothing else but white space: the first content and the last.
            guard let heading = Writer.firstContent(of: holder.node), heading == Writer.lastContent(of: holder.node),
                heading.pointee.type == XML_ELEMENT_NODE, BrowserNesting.headings.contains(XMLTree.name(of: heading))
            else { continue }
            xmlUnlinkNode(heading)
            while let part = heading.pointee.children { append(part, to: holder.node) }
            xmlReplaceNode(holder.node, heading)
            _ = xmlAddChild(heading, holder.node)
        }
    }

    /// Moves `nodes` to just after `element`, in their order: each in turn next to it, the last
    /// first, as libxml2 merges text into the text after it.
    private static func insert(_ nodes: [xmlNodePtr], after element: xmlNodePtr) {
        for node in nodes.reversed() {
            xmlUnlinkNode(node)
            _ = xmlAddNextSibling(element, node)
        }
    }

    /// The sources among a picture's `children`, gone: without an image they show nothing,
    /// and the `<span>` the picture is written as holds none. So is a video, which is not
    /// played in a picture (`Writer.writeVideo`), with an image or not.
    static func dropSources(of children: [(node: xmlNodePtr, name: String)]) {
        for part in children where part.name == "source" || part.name == "video" {
            xmlUnlinkNode(part.node)
            xmlFreeNode(part.node)
        }
    }

    /// A `<details>`'s first `<summary>` goes first in it, where a browser shows it as the
    /// label; the others are `<div>`s, blocks as a browser shows them.
    static func putSummaryFirst(in details: xmlNodePtr) {
        let summaries = XMLTree.children(of: details, named: "summary")
        if let summary = summaries.first { moveFirst(summary, in: details) }
        summaries.dropFirst().forEach { xmlNodeSetName($0, "div") }
    }

    /// Each run of items (`<li>`) straight in `element` goes into a `<ul>` of its own.
    static func giveItemsAList(in element: xmlNodePtr) {
        wrapRuns(in: element, of: { $0 == "li" }, into: "ul", marking: nil)
    }

    /// Each run of terms and descriptions straight in `element` goes into a `<dl>` of its own.
    static func giveTermsAList(in element: xmlNodePtr) {
        wrapRuns(in: element, of: isTermOrDescription, into: "dl", marking: nil)
    }

    /// What a list holds besides its items goes into an item with the class `bare-item`.
    static func keepItemsOnly(in list: xmlNodePtr) {
        wrapRuns(in: list, of: { $0 != "li" }, into: "li", marking: bareItem)
    }

    private static func isTermOrDescription(_ name: String) -> Bool { name == "dt" || name == "dd" }

    /// Gives each run of descriptions the term HTML wants before it, and a last run of terms
    /// the description it wants after it: empty, as a browser shows nothing of them.
    private static func pairTerms(in list: xmlNodePtr) {
        var previous: String?
        var last: xmlNodePtr?
        var child = list.pointee.children
        while let current = child {
            child = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            let name = XMLTree.name(of: current)
            guard name == "dt" || name == "dd" else { continue }
            if name == "dd", previous == nil, let term = xmlNewDocNode(list.pointee.doc, nil, "dt", nil) {
                xmlSetProp(term, "class", bareItem)
                _ = xmlAddPrevSibling(current, term)
            }
            (previous, last) = (name, current)
        }
        if previous == "dt", let last, let description = xmlNewDocNode(list.pointee.doc, nil, "dd", nil) {
            xmlSetProp(description, "class", bareItem)
            _ = xmlAddNextSibling(last, description)
        }
    }

    /// libxml2 reads a `<source>` as holding what follows it in its parent (a picture's
    /// `<img>`), where HTML's parser reads an element that holds nothing: what it holds
    /// goes after it.
    private static func emptySources(in parent: xmlNodePtr) {
        // A source among what one held is met after it, and emptied in its turn.
        var child = parent.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, XMLTree.name(of: current) == "source" {
                var after = current
                while let inside = current.pointee.children {
                    xmlUnlinkNode(inside)
                    after = xmlAddNextSibling(after, inside) ?? after
                }
            }
            child = current.pointee.next
        }
    }

    /// The class of an item, term or description made for what a list held outside its
    /// items, which the themes show as a browser shows that content: without a bullet, an
    /// indent or a margin.
    static let bareItem = "bare-item"

    /// Whether the picture's image (its first `<img>`, the one a browser shows) has a `src`
    /// that stays: else the writer writes its alt text, which no picture may hold.
    private func showsImage(_ picture: xmlNodePtr, _ children: [(node: xmlNodePtr, name: String)]) -> Bool {
        guard let image = children.first(where: { $0.name == "img" }) else { return false }
        return imageSource(XMLTree.attribute("src", of: image.node)) != nil
    }

    /// Moves out of a picture what HTML does not allow in it: its sources after its image
    /// (which a browser never looks at) go, and whatever else it holds (text, a paragraph, a
    /// second image) goes before or after it, on the side of its image it was on. True where
    /// it moved anything.
    private static func movePastPicture(_ picture: xmlNodePtr) -> Bool {
        guard let image = XMLTree.children(of: picture, named: "img").first else { return false }
        var moved = false
        var child = picture.pointee.children
        var before = true
        var after: [xmlNodePtr] = []
        while let current = child {
            child = current.pointee.next
            if current == image {
                before = false
                continue
            }
            if current.pointee.type == XML_ELEMENT_NODE, XMLTree.name(of: current) == "source" {
                if before { continue }
                xmlUnlinkNode(current)
                xmlFreeNode(current)
                continue
            }
            guard Writer.isContent(current) else { continue }
            if before {
                xmlUnlinkNode(current)
                _ = xmlAddPrevSibling(picture, current)
            } else {
                after.append(current)
            }
            moved = true
        }
        insert(after, after: picture)
        return moved
    }

    /// Whether `value` is a date or time as HTML's `datetime` takes one, in the forms READMEs
    /// use: a year, a month, a day, a day and a time (with a zone or not), or a time of day;
    /// each part in its range (no 13th month, no 30 February, no 24 o'clock).
    static func isDateTime(_ value: String?) -> Bool {
        guard var value else { return false }
        // A fraction of a second, and a zone (after a day and a time only), are told apart.
        if let dot = value.firstIndex(of: ".") {
            let digits = value[value.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            value.removeSubrange(dot..<digits.endIndex)
        }
        func form(_ text: some StringProtocol) -> String {
            String(text.map { $0.isASCII && $0.isNumber ? "9" : $0 }).replacingOccurrences(of: " ", with: "T")
        }
        var zone: [Int] = []
        var zoned = false
        if value.hasSuffix("Z") {
            value.removeLast()
            zoned = true
        } else if let suffix = ["+99:99", "-99:99", "+9999", "-9999"].first(where: form(value).hasSuffix),
            value.count > suffix.count
        {
            let digits = value.suffix(suffix.count).filter(\.isNumber)
            zone = [Int(digits.prefix(2)) ?? 99, Int(digits.suffix(2)) ?? 99]
            value.removeLast(suffix.count)
            zoned = true
        }
        let shape = form(value)
        guard Self.dateTimeShapes.contains(shape), !zoned || shape.contains("T") else { return false }
        let numbers = value.split { !($0.isASCII && $0.isNumber) }.compactMap { Int($0) }
        let dateParts = shape.hasPrefix("99:") ? 0 : shape.prefix { $0 != "T" }.split(separator: "-").count
        let (date, time) = (Array(numbers.prefix(dateParts)), Array(numbers.dropFirst(dateParts)))
        if let year = date.first, year < 1 { return false }
        if date.count > 1, !(1...12).contains(date[1]) { return false }
        if date.count > 2 {
            let year = date[0]
            let leap = year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
            let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][date[1] - 1]
            guard (1...days).contains(date[2]) else { return false }
        }
        // Hours, then minutes and seconds; the zone's hours and minutes alike.
        let inRange = { (parts: [Int]) in
            parts.enumerated().allSatisfy { ($0.offset == 0 ? 0...23 : 0...59).contains($0.element) }
        }
        return inRange(time) && inRange(zone)
    }

    private static let dateTimeShapes: Set<String> = [
        "9999", "9999-99", "9999-99-99", "9999-99-99T99:99", "9999-99-99T99:99:99", "99:99", "99:99:99",
    ]

    /// Keeps the figure's first `<figcaption>` if it comes first, or else its last if that
    /// comes last, where HTML allows one; the others are `<div>`s.
    static func keepOneCaption(in figure: xmlNodePtr) {
        var captions = XMLTree.children(of: figure, named: "figcaption")
        if let first = captions.first, first == Writer.firstContent(of: figure) {
            captions.removeFirst()
        } else if let last = captions.last, last == Writer.lastContent(of: figure) {
            captions.removeLast()
        }
        captions.forEach { xmlNodeSetName($0, "div") }
    }

    /// Wraps each run of `element`'s children that `belongs` (by element name; text with more
    /// than white space counts as the name "") in a new element `wrapper`, with the class
    /// `marking`. A run starts at a child that `startsAt` (by default, one that belongs) and
    /// takes the children after it that belong, and the white space and comments among them.
    static func wrapRuns(
        in element: xmlNodePtr, of belongs: (String) -> Bool, into wrapper: String, marking: String?,
        startingAt startsAt: ((String) -> Bool)? = nil
    ) {
        var child = element.pointee.children
        var run: xmlNodePtr?
        while let current = child {
            child = current.pointee.next
            let name: String?
            switch current.pointee.type {
            case XML_ELEMENT_NODE: name = XMLTree.name(of: current)
            case XML_TEXT_NODE where BrowserNesting.hasContent(XMLTree.content(of: current)): name = ""
            default: name = nil
            }
            guard let name else {
                // White space and comments join the run they follow.
                if let run { append(current, to: run) }
                continue
            }
            guard run == nil ? startsAt?(name) ?? belongs(name) : belongs(name) else {
                run = nil
                continue
            }
            if run == nil {
                guard let made = xmlNewDocNode(element.pointee.doc, nil, wrapper, nil) else { return }
                if let marking { xmlSetProp(made, "class", marking) }
                run = xmlAddPrevSibling(current, made)
            }
            if let run { append(current, to: run) }
        }
    }

    private static func append(_ node: xmlNodePtr, to parent: xmlNodePtr) {
        xmlUnlinkNode(node)
        // libxml2 merges a text node into a text before it, and frees it.
        _ = xmlAddChild(parent, node)
    }

    /// Moves `child` before the first of `parent`'s children that is an element or text with
    /// more than white space (the white space before it stays before it).
    static func moveFirst(_ child: xmlNodePtr, in parent: xmlNodePtr) {
        let first = Writer.firstContent(of: parent)
        guard first != child else { return }
        xmlUnlinkNode(child)
        if let first { _ = xmlAddPrevSibling(first, child) } else { _ = xmlAddChild(parent, child) }
    }
}
