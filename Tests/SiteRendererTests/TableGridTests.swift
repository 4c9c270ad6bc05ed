import Testing

@testable import SiteRenderer

/// HTML's table model (`TableGrid`): where each cell begins, given the cells spanning down
/// from the rows above it.
@Suite struct TableGridTests {
    /// Places rows of (columns, rows) spans in one group; the columns each cell begins in
    /// and covers.
    func placed(_ rows: [[(Int, Int)]]) -> (placements: [[TableGrid.Placement]], grid: TableGrid) {
        var grid = TableGrid()
        grid.startGroup()
        let placements = rows.map { row in
            grid.startRow()
            return row.map { grid.place(columns: $0.0, rows: $0.1) }
        }
        return (placements, grid)
    }

    @Test func aCellBeginsBesideTheCellsSpanningDownIntoItsRow() {
        // a b b      (b spans two columns and two rows)
        // c b b d
        let (placements, grid) = placed([[(1, 1), (2, 2)], [(1, 1), (1, 1)]])
        #expect(placements[1].map(\.column) == [0, 3])
        #expect(grid.width == 4)
        #expect(grid.firstColumnsUnbegun() == 2..<3)
        #expect(grid.begunColumns() == [0, 1, 3])
    }

    @Test func aSpanAcrossStopsBeforeACellSpanningDownFromAbove() {
        let (placements, _) = placed([[(1, 1), (1, 2)], [(3, 1)]])
        #expect(placements[1] == [.init(column: 0, columns: 1)])
    }

    @Test func aSpanOfZeroReachesTheGroupsEndAndNoFurther() {
        var grid = TableGrid()
        grid.startGroup()
        grid.startRow()
        _ = grid.place(columns: 1, rows: Int.max)
        grid.startRow()
        #expect(grid.place(columns: 1, rows: 1).column == 1)
        grid.startGroup()
        grid.startRow()
        #expect(grid.place(columns: 1, rows: 1).column == 0, "a new group starts with no span reaching it")
        #expect(grid.firstColumnsUnbegun() == nil)
    }

    @Test func aTableWithoutSpansIsNeverTooIntricate() {
        var grid = TableGrid()
        grid.startGroup()
        for _ in 0..<2_000 {
            grid.startRow()
            for _ in 0..<1_000 { _ = grid.place(columns: 1, rows: 1) }
        }
        #expect(!grid.tooIntricate)
        #expect(grid.width == 1_000)
    }

    @Test func spansAreReadAsABrowserReadsThem() {
        #expect(TableGrid.integer(" 2px") == 2)
        #expect(TableGrid.integer("2.5") == 2)
        #expect(TableGrid.integer(" +3") == 3)
        #expect(TableGrid.integer("x2") == nil)
        #expect(TableGrid.integer("") == nil)
        #expect(TableGrid.integer("12345678901234567890") == Int.max)
        #expect([1, 3, 5, 7].count(in: 2..<7) == 2)
    }
}
