internal import CCmarkGFM

// Two shapes of a small README that cost the cmark-gfm of Debian (0.29.0.gfm.6) far more than
// their size, found by a red-team pass (later releases of cmark-gfm mended several such
// cases; this one is what the machines building the site have).
extension MarkdownRenderer {
    /// The most cells a README's tables may hold, all of them together. cmark-gfm fills each
    /// short row to the header's width, so 68 KB of `|x` rows under a header of 2,000 columns
    /// made 40 million cells: 14 GB and minutes of parsing, rendering and checking. 200,000
    /// cells is a table of 20 columns and 10,000 rows, beyond any a README holds to be read.
    static let maxTableCells = 200_000

    /// Said in place of a table past `maxTableCells`.
    static func tableNote(rows: Int, columns: Int) -> String {
        "[a table of \(rows) rows and \(columns) columns, too large to show here]"
    }

    /// `source` with each table that would take its tables' cells past `maxTableCells` (as
    /// cmark-gfm fills them: every row as wide as the header) written as a note of its size,
    /// before cmark-gfm parses it: afterwards, the cells would be made already. A table is
    /// found by its delimiter row (`| --- | :-: |`), the line before it its header and the
    /// lines after it up to a blank one its rows, in a quote too; so counted, a table is never
    /// smaller than cmark-gfm makes it.
    static func boundingTables(_ source: String) -> String {
        guard source.utf8.contains(UInt8(ascii: "|")) else { return source }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var (cells, index) = (0, 1)
        var cuts: [(header: Int, end: Int, note: String)] = []
        while index < lines.count {
            guard let columns = delimiterColumns(lines[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !isBlank(lines[end]) { end += 1 }
            let rows = end - index
            if cells + rows * columns > maxTableCells {
                cuts.append((index - 1, end, tableNote(rows: rows, columns: columns)))
            } else {
                cells += rows * columns
            }
            index = end
        }
        guard !cuts.isEmpty else { return source }
        var kept: [Substring] = []
        var next = 0
        for cut in cuts {
            kept += lines[next..<cut.header]
            // In the header's quote, if it is in one.
            kept.append(lines[cut.header].prefix { $0 == " " || $0 == ">" } + cut.note)
            next = cut.end
        }
        kept += lines[next...]
        return kept.joined(separator: "\n")
    }

    /// The columns of a table's delimiter row (`|---|:-:|`, after any quote's `>`), nil for
    /// any other line.
    private static func delimiterColumns(_ line: Substring) -> Int? {
        let row = line.drop { $0 == " " || $0 == ">" || $0 == "\t" }
        guard row.contains("|"), row.contains("-"),
            row.allSatisfy({ "|-: \t\r".contains($0) })
        else { return nil }
        return row.split(separator: "|").count { $0.contains("-") }
    }

    private static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy { " >\t\r".contains($0) }
    }

    /// The autolink extension's work bound: past it, a document's bare `www.` addresses are
    /// left as text (links written as links are links all the same).
    static let maxAutolinkScan = 10_000_000

    /// About what cmark-gfm's autolinker reads in `source`: each `www.` it meets scans on to
    /// the end of the run of domain characters it stands in, so `www.a_` written 50,000
    /// times (300 KB) took 35 seconds; the sum over runs of their `www.`s times their length.
    /// A README's runs are a URL's few dozen characters: their sum stays in the thousands.
    static func autolinkScan(of source: String) -> Int {
        var (total, run, found) = (0, 0, 0)
        var tail: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for byte in source.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                run += 1
                if byte == UInt8(ascii: "."), tail == (UInt8(ascii: "w"), UInt8(ascii: "w"), UInt8(ascii: "w")) {
                    found += 1
                }
                tail = (tail.1, tail.2, byte | 0x20)
            default:
                total += found * run
                (run, found, tail) = (0, 0, (0, 0, 0))
            }
        }
        return total + found * run
    }
}
