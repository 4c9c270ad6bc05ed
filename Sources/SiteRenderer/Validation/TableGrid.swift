/// HTML's table model for one table (the "forming a table" algorithm): where on the table's
/// grid of slots each cell begins, told its row group, its row and its spans in order.
///
/// A cell begins at the first slot of its row that no cell from a row above covers, and
/// covers its spans' columns and rows from there. HTML calls it an error where a cell covers
/// a slot another cell covers already, and where a column has no cell beginning in it (a
/// `colspan` wider than the table's other rows): a browser shows the first overlapped, the
/// second with no width. The sanitiser places a README's cells here and narrows them
/// (`HTMLSanitiser.fitSpans`); the validator places every page's cells here and tells
/// either error (`TableModel`).
///
/// Only the cells that span rows are kept, and only until their last row: a row costs its
/// cells and the spans from rows above that reach it. A table whose rows pass more than
/// `maxSteps` such spans in all (a table with none, however large, passes none) is
/// `tooIntricate`: a hostile README's, which the sanitiser writes without spans.
struct TableGrid {
    /// Where a cell begins, and the columns it may cover: those asked, up to the first slot
    /// of its row a cell from a row above covers.
    struct Placement: Equatable {
        var column: Int
        var columns: Int
    }

    /// A cell spanning rows below its own: the columns it covers and the last row (of its
    /// row group) it reaches.
    private struct Span {
        var columns: Range<Int>
        var lastRow: Int
    }

    /// Spans from rows above passed at most; past it, the table is `tooIntricate`.
    static let maxSteps = 1 << 20

    /// The spans from rows above that reach the current row, by column (they never overlap).
    private var above: [Span] = []
    /// The spans begun in the current row, by column.
    private var begunHere: [Span] = []
    /// The current row in its group (-1 before the first).
    private var row = -1
    /// The column at which the next cell of the row may begin (the end of the cell before).
    private var cursor = 0
    /// The first of `above` not yet passed in this row.
    private var nextSpan = 0
    /// The columns a cell begins in.
    private var begun: Set<Int> = []
    /// The table's columns: as many as its widest row covers.
    private(set) var width = 0
    private var steps = 0

    var tooIntricate: Bool { steps > Self.maxSteps }
    /// The rows of the current group so far.
    var rowCount: Int { row + 1 }

    /// A row group starts (`<thead>`, `<tbody>`, `<tfoot>`, or rows straight in a table): no
    /// span reaches into it.
    mutating func startGroup() {
        above.removeAll(keepingCapacity: true)
        begunHere.removeAll(keepingCapacity: true)
        row = -1
    }

    /// A row starts in the current group.
    mutating func startRow() {
        row += 1
        guard !tooIntricate else { return }
        above.removeAll { $0.lastRow < row }
        if !begunHere.isEmpty {
            above = (above + begunHere).sorted { $0.columns.lowerBound < $1.columns.lowerBound }
            begunHere.removeAll(keepingCapacity: true)
        }
        steps += above.count
        nextSpan = 0
        cursor = 0
    }

    /// Places the next cell of the current row, spanning `columns` columns (1 to 1,000) and
    /// `rows` rows (1 or more; `Int.max` to the end of its group).
    mutating func place(columns: Int, rows: Int) -> Placement {
        guard !tooIntricate else { return Placement(column: cursor, columns: columns) }
        var column = cursor
        while nextSpan < above.count, above[nextSpan].columns.upperBound <= column { nextSpan += 1 }
        while nextSpan < above.count, above[nextSpan].columns.lowerBound <= column {
            column = above[nextSpan].columns.upperBound
            nextSpan += 1
        }
        let free = nextSpan < above.count ? above[nextSpan].columns.lowerBound - column : columns
        let placed = Placement(column: column, columns: min(columns, free))
        begun.insert(column)
        cursor = column + placed.columns
        width = max(width, cursor)
        let lastRow = rows == Int.max ? Int.max : row + max(rows, 1) - 1
        if lastRow > row { begunHere.append(Span(columns: column..<cursor, lastRow: lastRow)) }
        return placed
    }

    /// Moves the next cell's column on by `columns`, as a browser does past a cell that
    /// spans that many columns more than its `Placement` (over a cell from a row above: the
    /// validator, which tells the overlap, reads on as a browser does).
    mutating func skip(_ columns: Int) {
        cursor += columns
        width = max(width, cursor)
    }

    /// The current row's width as HTML's table model counts it: up to the end of its last
    /// cell, and on over the cells from rows above that follow with no slot between.
    var rowWidth: Int {
        var column = cursor
        var index = nextSpan
        while index < above.count, above[index].columns.lowerBound <= column {
            column = max(column, above[index].columns.upperBound)
            index += 1
        }
        return column
    }

    /// The table has at least `columns` columns (its `<col>` and `<colgroup>` elements
    /// establish them).
    mutating func widen(to columns: Int) {
        width = max(width, columns)
    }

    /// The columns some cell begins in, in order.
    func begunColumns() -> [Int] { begun.sorted() }

    /// The first column no cell begins in and the next one some cell does (or the width),
    /// or nil where a cell begins in every column.
    func firstColumnsUnbegun() -> Range<Int>? {
        guard begun.count < width else { return nil }
        let columns = begunColumns()
        var first = 0
        while first < columns.count, columns[first] == first { first += 1 }
        return first..<(first < columns.count ? columns[first] : width)
    }
}

extension TableGrid {
    /// A cell's spans as a browser reads its `colspan` and `rowspan` (`integer`): 1 to 1,000
    /// columns (none or 0 is 1), and 1 to 65,534 rows, or `Int.max` for 0, which reaches its
    /// row group's end. What the sanitiser fits and the validator checks is read alike.
    static func spans(colspan: String?, rowspan: String?) -> (columns: Int, rows: Int) {
        let rows = min(integer(rowspan) ?? 1, 65_534)
        return (min(max(integer(colspan) ?? 1, 1), 1_000), rows == 0 ? Int.max : rows)
    }

    /// A span's value as a browser reads it (HTML's rules for non-negative integers): the
    /// digits after any spaces and a `+`, up to the first other character (`2px` is 2); nil
    /// where there are none. More than nine digits read as `Int.max`, which every span is
    /// cut to.
    static func integer(_ value: String?) -> Int? {
        guard let value else { return nil }
        var rest = value.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" }
        if rest.first == "+" { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        return digits.count > 9 ? Int.max : Int(digits)
    }
}

extension Array where Element == Int {
    /// How many of these sorted numbers lie in `range`.
    func count(in range: Range<Int>) -> Int {
        func firstIndex(notBelow value: Int) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if self[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return firstIndex(notBelow: range.upperBound) - firstIndex(notBelow: range.lowerBound)
    }
}
