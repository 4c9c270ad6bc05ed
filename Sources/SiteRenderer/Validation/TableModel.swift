/// HTML's table model, checked as a page's elements start and end (rule `table-model`):
/// each table's cells placed on its grid (`TableGrid`), where a cell may not cover a slot
/// that a cell from a row above covers, may not span rows past its row group's last row,
/// and where a cell begins in every column. A browser shows the first overlapped, the
/// second cut at the group's end and the third with no width; the W3C checker refuses
/// each. The sanitiser fits a README's spans to the same grid (`HTMLSanitiser.fitSpans`).
///
/// A table whose `<col>` and `<colgroup>` elements (a theme's: no README keeps them) make
/// its columns before its rows holds every row to that width, and a cell begins in each of
/// those columns too, as the W3C checker holds it.
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

    /// An open table: its grid, where it and its open row group stand (their depths), and
    /// whether the current group has a row yet.
    private struct Table {
        var grid = TableGrid()
        var line: Int
        var depth: Int
        /// The open `<thead>`, `<tbody>` or `<tfoot>`; nil between them, where rows stand
        /// straight in the table (a group of their own to a browser, which adds its `<tbody>`).
        var groupDepth: Int?
        var inGroup = false
        var hasRow = false
        /// The line the current row starts on.
        var rowLine = 0
        /// The cell of the current group whose span (a number, not 0) reaches the deepest row.
        var deepest: (row: Int, rows: Int, line: Int, element: String)?
        /// The columns its `<col>` and `<colgroup>` elements make, where it has any before
        /// its first row; nil where it has none (its rows may then differ in width).
        var markedColumns: Int?
        /// The open `<colgroup>`: its depth, the columns its `span` makes where it holds no
        /// `<col>` (each of which makes its own), whether it has a `span`, and a `<col>`.
        var columnGroup: (depth: Int, span: Int, hasSpan: Bool, hasColumn: Bool)?
        /// Whether a row or row group has started: `<col>` and `<colgroup>` after one make
        /// no columns (`ContentModels` tells them out of order).
        var rowsBegun = false
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
            return startRow(line: line)
        case .cell where !tables.isEmpty, .headerCell where !tables.isEmpty:
            return place(element, line: line, attributes: attributes)
        case .columnGroup where !tables.isEmpty && !tables[tables.count - 1].rowsBegun:
            let span = attributes["span"]
            tables[tables.count - 1].columnGroup = (depth, Self.columns(span), span != nil, false)
            tables[tables.count - 1].markedColumns = tables[tables.count - 1].markedColumns ?? 0
            return []
        case .column where !tables.isEmpty && !tables[tables.count - 1].rowsBegun:
            return mark(line: line, attributes: attributes)
        default:
            return []
        }
    }

    /// The columns a `<col>` or `<colgroup>` makes, as a browser reads its `span`: 1 to 1,000.
    private static func columns(_ span: String?) -> Int {
        min(max(TableGrid.integer(span) ?? 1, 1), 1_000)
    }

    /// A `<col>` makes its columns; one in a `<colgroup>` with a `span` is a problem.
    private mutating func mark(line: Int, attributes: XMLAttributes) -> [Problem] {
        let index = tables.count - 1
        tables[index].markedColumns = (tables[index].markedColumns ?? 0) + Self.columns(attributes["span"])
        guard let group = tables[index].columnGroup else { return [] }
        tables[index].columnGroup?.hasColumn = true
        guard group.hasSpan, !group.hasColumn else { return [] }
        return [
            Problem(
                element: "col", line: line,
                message: "a <col> in a <colgroup> with a span: a column group with <col>s has no span of its own")
        ]
    }

    /// The element at `depth` ends.
    mutating func end(depth: Int) -> [Problem] {
        guard let table = tables.last else { return [] }
        if let group = table.columnGroup, depth == group.depth {
            if !group.hasColumn { tables[tables.count - 1].markedColumns = (table.markedColumns ?? 0) + group.span }
            tables[tables.count - 1].columnGroup = nil
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
        grid.widen(to: table.markedColumns ?? 0)
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
                ? "its <col> and <colgroup> elements make more columns than its cells cover"
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
        tables[tables.count - 1].hasRow = false
        tables[tables.count - 1].deepest = nil
    }

    /// A row starts on `line`: a problem where the row before it was not as wide as the
    /// table's `<col>` and `<colgroup>` elements make it.
    private mutating func startRow(line: Int) -> [Problem] {
        let problems = endRow()
        if !tables[tables.count - 1].inGroup { startGroup() }
        tables[tables.count - 1].grid.startRow()
        tables[tables.count - 1].hasRow = true
        tables[tables.count - 1].rowLine = line
        return problems
    }

    /// The current row ends (at the next one, or at its group's end): a problem where it is
    /// not as wide as the table's `<col>` and `<colgroup>` elements make the table.
    private func endRow() -> [Problem] {
        let index = tables.count - 1
        guard let columns = tables[index].markedColumns, tables[index].hasRow, !tables[index].grid.tooIntricate
        else { return [] }
        let width = tables[index].grid.rowWidth
        guard width != columns else { return [] }
        return [
            Problem(
                element: "tr", line: tables[index].rowLine,
                message: "a row \(width) column\(width == 1 ? "" : "s") wide in a table whose <col> and <colgroup> "
                    + "elements make \(columns): each row covers as many")
        ]
    }

    /// The current group ends: a problem where its last row is not as wide as the table's
    /// columns, or where a cell spans rows past its last.
    private mutating func endGroup() -> [Problem] {
        let index = tables.count - 1
        guard tables[index].inGroup else { return [] }
        var problems = endRow()
        tables[index].inGroup = false
        tables[index].hasRow = false
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
        if !tables[tables.count - 1].hasRow { _ = startRow(line: line) }
        let index = tables.count - 1
        let (columns, rows) = TableGrid.spans(colspan: attributes["colspan"], rowspan: attributes["rowspan"])
        let row = tables[index].grid.rowCount - 1
        let placed = tables[index].grid.place(columns: columns, rows: rows)
        if rows > 1, rows != Int.max, row + rows > tables[index].deepest.map({ $0.row + $0.rows }) ?? 0 {
            tables[index].deepest = (row, rows, line, element)
        }
        guard placed.columns < columns else { return [] }
        tables[index].grid.skip(columns - placed.columns)
        return [
            Problem(
                element: element, line: line,
                message:
                    "a cell spanning \(columns) columns from column \(placed.column + 1) over a cell spanning down "
                    + "from a row above, at column \(placed.column + placed.columns + 1): cells may not overlap")
        ]
    }
}
