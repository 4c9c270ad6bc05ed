/// HTML's table model, checked as a page's elements start and end (rule `table-model`):
/// each table's cells placed on its grid (`TableGrid`), where a cell may not cover a slot
/// that a cell from a row above covers, may not span rows past its row group's last row,
/// and where a cell begins in every column. A browser shows the first overlapped, the
/// second cut at the group's end and the third with no width; the W3C checker refuses
/// each. The sanitiser fits a README's spans to the same grid (`HTMLSanitiser.fitSpans`).
///
/// A table whose `<col>` and `<colgroup>` elements (a theme's: no README keeps them)
/// establish its columns before its rows holds every row to that width, and a cell begins
/// in each of those columns too, as the W3C checker holds it.
///
/// Asked as every element starts and ends: a switch on its role, or one comparison, for all
/// but a table's elements. Kept beside `ContentModels`, which tells where a table's parts
/// stand.
struct TableModel {
    struct Problem: Equatable {
        var element: String
        var line: Int
        var message: String
    }

    /// An open table: its grid, where it, its open row group and its open row stand (their
    /// depths), the columns its `<col>` and `<colgroup>` elements establish, and the deepest
    /// row span of its current group.
    private struct Table {
        var grid = TableGrid()
        var line: Int
        var depth: Int
        /// The open `<thead>`, `<tbody>` or `<tfoot>`; nil between them, where rows stand
        /// straight in the table (a group of their own to a browser, which adds its `<tbody>`).
        var groupDepth: Int?
        var inGroup = false
        /// The current group's current row, whose width is not yet checked (`none`: no row).
        var row = Row.none
        /// Where the current row starts: the `<tr>`, or the cell a browser adds a row for.
        var rowStart = (element: "tr", line: 0)
        /// The cell of the current group whose span (a number, not 0) reaches the deepest row.
        var deepest: (row: Int, rows: Int, line: Int, element: String)?
        /// The columns its `<col>` and `<colgroup>` elements establish, where it has any
        /// before its first row; nil where it has none (its rows may then differ in width).
        var establishedColumns: Int?
        /// The open `<colgroup>`: its depth, the columns its `span` establishes where it holds
        /// no `<col>` (each of which establishes its own), whether it has a `span`, and
        /// whether it holds a `<col>`.
        var columnGroup: (depth: Int, span: Int, hasSpan: Bool, hasColumn: Bool)?
        /// Whether a row or row group has started: `<col>` and `<colgroup>` after one
        /// establish no columns (`ContentModels` tells them out of order).
        var rowsBegun = false
    }

    /// A row as the table reads it: an open `<tr>` (its depth, to tell when it ends), one a
    /// cell started (which has no `<tr>` to end), or a `<tr>` that has ended, after which a
    /// cell starts a row of its own, as a browser starts one.
    private enum Row: Equatable {
        case none
        case open(depth: Int)
        case started
        case ended
    }

    private var tables: [Table] = []

    /// An element of a table starts at `depth` (the page's `<html>` is 1), with the
    /// `ContentModels` role it has.
    mutating func start(
        _ element: String, role: ContentModels.Role, depth: Int, line: Int, attributes: XMLAttributes
    ) -> [Problem] {
        switch role {
        case .table:
            tables.append(Table(line: line, depth: depth))
            return []
        case .rowGroup where !tables.isEmpty:
            let problems = endGroup()
            tables[tables.count - 1].groupDepth = depth
            startGroup()
            return problems
        case .row where !tables.isEmpty:
            let problems = startRow(element, line: line)
            tables[tables.count - 1].row = .open(depth: depth)
            return problems
        case .cell where !tables.isEmpty, .headerCell where !tables.isEmpty:
            return place(element, line: line, attributes: attributes)
        case .columnGroup where !tables.isEmpty && !tables[tables.count - 1].rowsBegun:
            let span = attributes["span"]
            tables[tables.count - 1].columnGroup = (depth, Self.span(span), span != nil, false)
            tables[tables.count - 1].establishedColumns = tables[tables.count - 1].establishedColumns ?? 0
            return []
        case .column where !tables.isEmpty && !tables[tables.count - 1].rowsBegun:
            return startColumn(line: line, attributes: attributes)
        case .scriptSupporting where tables.last?.columnGroup?.hasSpan == true:
            return [Self.inSpannedGroup(element, line: line)]
        default:
            return []
        }
    }

    /// The columns a `<col>` or `<colgroup>` establishes, as a browser reads its `span`: 1
    /// to 1,000.
    private static func span(_ value: String?) -> Int {
        min(max(TableGrid.integer(value) ?? 1, 1), 1_000)
    }

    /// A `<col>` establishes its columns; one in a `<colgroup>` with a `span` is a problem.
    private mutating func startColumn(line: Int, attributes: XMLAttributes) -> [Problem] {
        let index = tables.count - 1
        tables[index].establishedColumns = (tables[index].establishedColumns ?? 0) + Self.span(attributes["span"])
        guard let group = tables[index].columnGroup else { return [] }
        tables[index].columnGroup?.hasColumn = true
        return group.hasSpan && !group.hasColumn ? [Self.inSpannedGroup("col", line: line)] : []
    }

    /// A `<colgroup>` with a `span` holds nothing: neither a `<col>` nor a `<template>`.
    private static func inSpannedGroup(_ element: String, line: Int) -> Problem {
        Problem(
            element: element, line: line,
            message: "<\(element)> in a <colgroup> with a span, which holds nothing: a column group has either "
                + "<col>s or a span")
    }

    /// The element at `depth` ends.
    mutating func end(depth: Int) -> [Problem] {
        guard let table = tables.last else { return [] }
        if let group = table.columnGroup, depth == group.depth {
            if !group.hasColumn {
                tables[tables.count - 1].establishedColumns = (table.establishedColumns ?? 0) + group.span
            }
            tables[tables.count - 1].columnGroup = nil
            return []
        }
        if table.row == .open(depth: depth) {
            tables[tables.count - 1].row = .ended
            return []
        }
        guard depth == table.depth || depth == table.groupDepth else { return [] }
        var problems = endGroup()
        guard depth == table.depth else {
            tables[tables.count - 1].groupDepth = nil
            return problems
        }
        var grid = tables.removeLast().grid
        let cellColumns = grid.width
        grid.widen(to: table.establishedColumns ?? 0)
        if grid.tooIntricate {
            problems.append(
                Problem(
                    element: "table", line: table.line,
                    message: "a table too intricate to place on its grid: its rows pass more than "
                        + "\(TableGrid.maxSteps) cells spanning down from the rows above"))
        } else if let unbegun = grid.firstColumnsUnbegun() {
            let columns =
                unbegun.count == 1
                ? "column \(unbegun.lowerBound + 1)" : "columns \(unbegun.lowerBound + 1) to \(unbegun.upperBound)"
            let why =
                unbegun.lowerBound >= cellColumns
                ? "its <col> and <colgroup> elements establish more columns than its cells cover"
                : "a cell spans more columns than the others begin in"
            problems.append(
                Problem(
                    element: "table", line: table.line,
                    message: "a table with no cell beginning in its \(columns) of \(grid.width): \(why)"))
        }
        return problems
    }

    private mutating func startGroup() {
        tables[tables.count - 1].grid.startGroup()
        tables[tables.count - 1].rowsBegun = true
        tables[tables.count - 1].inGroup = true
        tables[tables.count - 1].row = .none
        tables[tables.count - 1].deepest = nil
    }

    /// A row starts at `element` (a `<tr>`, or a cell a browser adds one for) on `line`: a
    /// problem where the row before it was not as wide as the table's columns.
    private mutating func startRow(_ element: String, line: Int) -> [Problem] {
        let problems = widthProblems()
        if !tables[tables.count - 1].inGroup { startGroup() }
        tables[tables.count - 1].grid.startRow()
        tables[tables.count - 1].row = .started
        tables[tables.count - 1].rowStart = (element, line)
        return problems
    }

    /// The current row's problem, asked as it ends (at the next row, or at its group's end):
    /// it is not as wide as the table's `<col>` and `<colgroup>` elements establish.
    private func widthProblems() -> [Problem] {
        let index = tables.count - 1
        guard let columns = tables[index].establishedColumns, tables[index].row != .none,
            !tables[index].grid.tooIntricate
        else { return [] }
        let width = tables[index].grid.rowWidth
        guard width != columns else { return [] }
        let start = tables[index].rowStart
        return [
            Problem(
                element: start.element, line: start.line,
                message: "a row \(width) column\(width == 1 ? "" : "s") wide in a table whose <col> and <colgroup> "
                    + "elements establish \(columns): each row covers as many")
        ]
    }

    /// The current group ends: a problem where its last row is not as wide as the table's
    /// columns, or where a cell spans rows past its last.
    private mutating func endGroup() -> [Problem] {
        let index = tables.count - 1
        guard tables[index].inGroup else { return [] }
        var problems = widthProblems()
        tables[index].inGroup = false
        tables[index].row = .none
        let rows = tables[index].grid.rowCount
        guard let deepest = tables[index].deepest, deepest.row + deepest.rows > rows else { return problems }
        problems.append(
            Problem(
                element: deepest.element, line: deepest.line,
                message: "a cell spanning \(deepest.rows) rows from row \(deepest.row + 1) of a row group of \(rows): "
                    + "a cell spans no row past its group's last"))
        return problems
    }

    private mutating func place(_ element: String, line: Int, attributes: XMLAttributes) -> [Problem] {
        // A cell with no row open starts one, as a browser does: after a `</tr>`, the row
        // before it is checked here.
        var problems: [Problem] = []
        if tables[tables.count - 1].row == .none || tables[tables.count - 1].row == .ended {
            problems = startRow(element, line: line)
        }
        let index = tables.count - 1
        let (columns, rows) = TableGrid.spans(colspan: attributes["colspan"], rowspan: attributes["rowspan"])
        let row = tables[index].grid.rowCount - 1
        let placed = tables[index].grid.place(columns: columns, rows: rows)
        if rows > 1, rows != Int.max, row + rows > tables[index].deepest.map({ $0.row + $0.rows }) ?? 0 {
            tables[index].deepest = (row, rows, line, element)
        }
        guard placed.columns < columns else { return problems }
        tables[index].grid.skip(columns - placed.columns)
        return problems + [
            Problem(
                element: element, line: line,
                message:
                    "a cell spanning \(columns) columns from column \(placed.column + 1) over a cell spanning down "
                    + "from a row above, at column \(placed.column + placed.columns + 1): cells may not overlap")
        ]
    }
}
