internal import CLibXML2

// `tidy`'s mends of a README's tables (`HTMLSanitiser+Tidy.swift` says when each is asked):
// each part where a browser puts it, rows and cells given the row and group a browser adds,
// rows with no cell of their own taken out, and each cell's spans fitted to HTML's table
// model (`TableGrid`), which the validator checks every page's tables against (`TableModel`).
extension HTMLSanitiser {
    /// Each run of cells straight in a table or a row group goes into the `<tr>` a browser adds.
    static func giveCellsARow(in element: xmlNodePtr) {
        wrapRuns(in: element, of: isCell, into: "tr", marking: nil)
    }

    /// Rows straight in a table get the `<tbody>` a browser adds (the validator's XML
    /// reading would not): one for each run of them between the table's other parts,
    /// whatever a browser moves out from between them. A row span ends with its group.
    static func giveRowsAGroup(in table: xmlNodePtr) {
        wrapRuns(in: table, of: { !tableParts.contains($0) }, into: "tbody", marking: nil, startingAt: { $0 == "tr" })
    }

    /// A table's first `<caption>` goes first in it, where a browser shows it; any other,
    /// which HTML allows none of (a browser shows each above the table), is a `<div>`: one the
    /// writer moves before the table, as it does all a table holds outside its parts, or, in
    /// the written tree (`moving`), moved there now.
    static func putCaptionFirst(in table: xmlNodePtr, moving: Bool = false) {
        let captions = XMLTree.children(of: table, named: "caption")
        if let caption = captions.first { moveFirst(caption, in: table) }
        for other in captions.dropFirst() {
            xmlNodeSetName(other, "div")
            guard moving else { continue }
            xmlUnlinkNode(other)
            _ = xmlAddPrevSibling(table, other)
        }
    }

    /// A table's parts in HTML's order, as a browser shows them wherever they stand (CSS draws
    /// the first `<thead>` above the rows and the first `<tfoot>` below them): its column
    /// groups (which show nothing) before its header, its header before its rows, its footer
    /// last. A second header or footer, which a browser shows where it stands, is a `<tbody>`.
    static func putRowGroupsInOrder(in table: xmlNodePtr) {
        var head: xmlNodePtr?
        var foot: xmlNodePtr?
        for part in elements(in: table) {
            switch part.name {
            case "thead" where head == nil: head = part.node
            case "tfoot" where foot == nil: foot = part.node
            case "thead", "tfoot": xmlNodeSetName(part.node, "tbody")
            default: break
            }
        }
        // The column groups before the header and the rows, the header before the rows.
        moveBefore(first: ["thead", "tbody", "tr", "tfoot"], in: table) { $0.name == "colgroup" || $0.name == "col" }
        moveBefore(first: ["tbody", "tr", "tfoot"], in: table) { $0.node == head }
        if let foot, elements(in: table).last?.node != foot {
            xmlUnlinkNode(foot)
            _ = xmlAddChild(table, foot)
        }
    }

    /// Moves the children of `parent` that `moves` and stand after its first child named
    /// one of `names` to just before it, in their order.
    private static func moveBefore(
        first names: Set<String>, in parent: xmlNodePtr, _ moves: ((node: xmlNodePtr, name: String)) -> Bool
    ) {
        let children = elements(in: parent)
        guard let anchor = children.firstIndex(where: { names.contains($0.name) }) else { return }
        for child in children[(anchor + 1)...] where moves(child) {
            xmlUnlinkNode(child.node)
            _ = xmlAddPrevSibling(children[anchor].node, child.node)
        }
    }

    /// The rows, cells and row groups a README writes inside something else inside a table,
    /// its row groups or its rows (`<table><div align="center"><tr>`, `<tr><b><td>`), put
    /// back where a browser puts them: a browser moves the `<div>` out before the table, and
    /// closes it at the `<tr>`, which goes into the table. So the first such part inside it
    /// and all that follows it there, up each level, follow the `<div>` in the table, row, or
    /// group instead: the part where a browser places it, the rest for the writer to move
    /// before the table, as a browser moves it. The table's own parts first, then its groups',
    /// then its rows', so that a part moved up is looked into in turn. Not into a table or a
    /// cell, which hold their own. Walked, not recursed: the nesting is the README's to choose.
    static func hoistTableParts(in table: xmlNodePtr) {
        hoistParts(in: table)
        for group in rowGroups(of: table).dropFirst() { hoistParts(in: group) }
        for group in rowGroups(of: table) {
            for row in XMLTree.children(of: group, named: "tr") { hoistParts(in: row) }
        }
    }

    /// What `hoistTableParts` does at one table, group or row: each child that is no part
    /// of a table, holding a part, is split at its first part.
    private static func hoistParts(in holder: xmlNodePtr) {
        var child = holder.pointee.children
        while let current = child {
            defer { child = current.pointee.next }
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            let name = XMLTree.name(of: current)
            guard !goesIntoTable(name), name != "table", let part = firstPart(in: current) else { continue }
            // The part and what follows it at each level up to `current`, in order.
            var moved: [xmlNodePtr] = []
            var level: xmlNodePtr? = part
            while let node = level, node != current {
                var sibling: xmlNodePtr? = node == part ? node : node.pointee.next
                while let next = sibling {
                    sibling = next.pointee.next
                    moved.append(next)
                }
                level = node.pointee.parent
            }
            var anchor = current
            for node in moved {
                xmlUnlinkNode(node)
                // libxml2 merges a text node into a text before it, and frees it.
                anchor = xmlAddNextSibling(anchor, node) ?? anchor
            }
        }
    }

    /// The first row, cell, row group or caption inside `element`, in the page's order, not
    /// inside a table or a part of one.
    private static func firstPart(in element: xmlNodePtr) -> xmlNodePtr? {
        var node = element.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = XMLTree.name(of: current)
                if goesIntoTable(name) { return current }
                if name != "table", let first = current.pointee.children {
                    node = first
                    continue
                }
            }
            // The next node in the page's order, up the levels as they end, short of `element`.
            var next: xmlNodePtr? = current
            while let at = next, at != element, at.pointee.next == nil { next = at.pointee.parent }
            guard let at = next, at != element else { return nil }
            node = at.pointee.next
        }
        return nil
    }

    /// A row, cell, row group or caption: what a browser puts into the table, group or row
    /// around it, however deep inside something else it is written.
    private static func goesIntoTable(_ name: String) -> Bool {
        ["tr", "td", "th", "tbody", "thead", "tfoot", "caption"].contains(name)
    }

    /// Takes out the table's rows with no cell of their own, which a browser shows nothing
    /// of. What such a row holds (text, a heading, a table) stays where it was, for the writer
    /// to move before the table, as a browser moves it: kept in the row, it would leave an
    /// empty `<tr>`, which HTML forbids. (A cell deeper in the row, `<tr><div><td>`, was put
    /// back in it: `hoistTableParts`.) Items and terms it holds get their list first, as they
    /// would have in the row. A cell that spans rows into such a row spans one fewer, so it
    /// reaches the rows it reached.
    static func unwrapRowsWithoutCells(of table: xmlNodePtr) {
        for group in rowGroups(of: table) {
            let rows = XMLTree.children(of: group, named: "tr")
            let empty = rows.indices.filter { !elements(in: rows[$0]).contains(where: { isCell($0.name) }) }
            guard !empty.isEmpty else { continue }
            narrowRowSpans(of: rows, across: empty)
            empty.forEach { unwrap(rows[$0]) }
        }
    }

    /// Each cell of `rows` that spans rows into those at the positions `gone` (in order)
    /// spans as many fewer. (A span of 0, to the end of its row group, still reaches it.)
    /// Counted, not walked: a span may say a billion rows.
    private static func narrowRowSpans(of rows: [xmlNodePtr], across gone: [Int]) {
        // How many of `gone` lie before each position: each marked, then summed.
        var goneBefore = [Int](repeating: 0, count: rows.count + 1)
        for position in gone { goneBefore[position + 1] = 1 }
        for position in rows.indices { goneBefore[position + 1] += goneBefore[position] }
        for (index, row) in rows.enumerated() {
            for cell in elements(in: row) where isCell(cell.name) {
                guard let span = span("rowspan", of: cell.node), span > 1 else { continue }
                let end = index + min(span, rows.count - index)
                let reached = goneBefore[end] - goneBefore[index + 1]
                guard reached > 0 else { continue }
                if span - reached > 1 {
                    xmlSetProp(cell.node, "rowspan", String(span - reached))
                } else {
                    xmlUnsetProp(cell.node, "rowspan")
                }
            }
        }
    }

    /// Narrows each cell of a row group that spans rows past the group's end, which HTML
    /// forbids and a browser shows cut there. (A span of 0 reaches just there.) Asked of a
    /// group that does not stand straight in a table (`<td><tbody>`, at which a browser closes
    /// the cell and puts the group into the table), as the walk enters it, once its cells
    /// have their rows; a table's own groups are fitted with it (`fitSpans`).
    static func fitRowSpans(in group: xmlNodePtr) {
        let rows = XMLTree.children(of: group, named: "tr")
        for (index, row) in rows.enumerated() {
            for cell in elements(in: row) where isCell(cell.name) {
                guard let span = span("rowspan", of: cell.node), span > rows.count - index else { continue }
                if rows.count - index > 1 {
                    xmlSetProp(cell.node, "rowspan", String(rows.count - index))
                } else {
                    xmlUnsetProp(cell.node, "rowspan")
                }
            }
        }
    }

    /// A row with no cell of its own, taken out: what it holds stays where it was.
    private static func unwrap(_ row: xmlNodePtr) {
        giveItemsAList(in: row)
        giveTermsAList(in: row)
        // Only white space: nothing to keep.
        var child = Writer.firstContent(of: row) == nil ? nil : row.pointee.children
        while let current = child {
            child = current.pointee.next
            xmlUnlinkNode(current)
            // libxml2 merges a text node into a text before it, and frees it.
            _ = xmlAddPrevSibling(row, current)
        }
        xmlUnlinkNode(row)
        xmlFreeNode(row)
    }

    /// Fits the spans of `table`'s cells to HTML's table model, placed as a browser places
    /// them (`TableGrid`): a row span is cut at its row group's end; a column span is cut
    /// before the first slot a cell from a row above covers, which it would overlap, and
    /// narrowed to the columns some cell begins in (`<td colspan="2">` in a table of one
    /// column), which HTML forbids and a browser shows with no width. Each span is written
    /// as the number it is, or not at all where it is 1. A table too intricate to place
    /// (`TableGrid.tooIntricate`: a hostile README's) keeps none of its spans. The cells
    /// straight in its row groups are given their rows first (`giveCellsARow`), as the walk
    /// would give them on entering each group.
    static func fitSpans(of table: xmlNodePtr) {
        var grid = TableGrid()
        var placed: [(cell: xmlNodePtr, at: TableGrid.Placement, rows: Int)] = []
        for group in rowGroups(of: table) {
            if group != table { giveCellsARow(in: group) }
            let rows = XMLTree.children(of: group, named: "tr")
            guard !rows.isEmpty else { continue }
            grid.startGroup()
            for (index, row) in rows.enumerated() {
                grid.startRow()
                for cell in elements(in: row) where isCell(cell.name) {
                    let spans = TableGrid.spans(
                        colspan: XMLTree.attribute("colspan", of: cell.node),
                        rowspan: XMLTree.attribute("rowspan", of: cell.node))
                    // To its group's end at most (a span of 0 reaches just there).
                    let spanned = min(spans.rows, rows.count - index)
                    placed.append((cell.node, grid.place(columns: spans.columns, rows: spanned), spanned))
                }
            }
        }
        func write(_ name: String, _ value: Int, of cell: xmlNodePtr) {
            if value > 1 { xmlSetProp(cell, name, String(value)) } else { xmlUnsetProp(cell, name) }
        }
        guard !grid.tooIntricate else {
            for (cell, _, _) in placed {
                write("colspan", 1, of: cell)
                write("rowspan", 1, of: cell)
            }
            return
        }
        let begun = grid.begunColumns()
        for (cell, at, rows) in placed {
            write("colspan", begun.count(in: at.column..<(at.column + at.columns)), of: cell)
            write("rowspan", rows, of: cell)
        }
    }

    /// The span a cell's attribute `name` says, as a browser reads it (`TableGrid.integer`).
    private static func span(_ name: String, of cell: xmlNodePtr) -> Int? {
        TableGrid.integer(XMLTree.attribute(name, of: cell))
    }

    /// The table and its row groups: what holds its rows (and, before `tidy` gives them one,
    /// cells written straight in it); not those of a table inside one of its cells. Their
    /// order is not the page's, and need not be: no span reaches from one group into another.
    private static func rowGroups(of table: xmlNodePtr) -> [xmlNodePtr] {
        [table] + ["thead", "tbody", "tfoot"].flatMap { XMLTree.children(of: table, named: $0) }
    }

    private static func isCell(_ name: String) -> Bool { name == "td" || name == "th" }

    /// The parts of a table a `<tbody>` does not hold.
    static let tableParts: Set<String> = ["caption", "colgroup", "col", "thead", "tbody", "tfoot"]
}
