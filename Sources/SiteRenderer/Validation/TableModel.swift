/// HTML's table model, checked as a page's elements start and end (rule `table-model`):
/// each table's cells placed on its grid (`TableGrid`), where a cell may not cover a slot
/// that a cell from a row above covers, may not span rows past its row group's last row,
/// and where a cell begins in every column. A browser shows the first overlapped, the
/// second cut at the group's end and the third with no width; the W3C checker refuses
/// each. The sanitiser fits a README's spans to the same grid (`HTMLSanitiser.fitSpans`).
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
        /// The cell of the current group whose span (a number, not 0) reaches the deepest row.
        var deepest: (row: Int, rows: Int, line: Int, element: String)?
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
            startRow()
            return []
        case .cell where !tables.isEmpty, .headerCell where !tables.isEmpty:
            return place(element, line: line, attributes: attributes)
        default:
            return []
        }
    }

    /// The element at `depth` ends.
    mutating func end(depth: Int) -> [Problem] {
        guard let table = tables.last, depth == table.depth || depth == table.groupDepth else { return [] }
        var problems = endGroup()
        guard depth == table.depth else {
            tables[tables.count - 1].groupDepth = nil
            return problems
        }
        let grid = tables.removeLast().grid
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
            problems.append(
                Problem(
                    element: "table", line: table.line,
                    message: "a table with no cell beginning in its \(columns) of \(grid.width): "
                        + "a cell spans more columns than the others begin in"))
        }
        return problems
    }

    private mutating func startGroup() {
        tables[tables.count - 1].grid.startGroup()
        tables[tables.count - 1].inGroup = true
        tables[tables.count - 1].hasRow = false
        tables[tables.count - 1].deepest = nil
    }

    private mutating func startRow() {
        if !tables[tables.count - 1].inGroup { startGroup() }
        tables[tables.count - 1].grid.startRow()
        tables[tables.count - 1].hasRow = true
    }

    /// The current group ends: a problem where a cell spans rows past its last.
    private mutating func endGroup() -> [Problem] {
        let index = tables.count - 1
        guard tables[index].inGroup else { return [] }
        tables[index].inGroup = false
        let rows = tables[index].grid.rowCount
        guard let deepest = tables[index].deepest, deepest.row + deepest.rows > rows else { return [] }
        return [
            Problem(
                element: deepest.element, line: deepest.line,
                message: "a cell spanning \(deepest.rows) rows from row \(deepest.row + 1) of a row group of \(rows): "
                    + "a cell spans no row past its group's last")
        ]
    }

    private mutating func place(_ element: String, line: Int, attributes: XMLAttributes) -> [Problem] {
        if !tables[tables.count - 1].hasRow { startRow() }
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
