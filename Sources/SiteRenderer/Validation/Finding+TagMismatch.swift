import Foundation

extension Finding {
    /// libxml2 names a tag left open by its page line alone, and reports it where the parse
    /// failed: at the end tag that did not match it, one character past that tag's `>`
    /// ("Opening and ending tag mismatch: b line 34 and p"), or at the file's end ("Premature
    /// end of data in tag b line 34"). Placed here at the end tag's `<`, with the open tag as
    /// its holder (the last `<b` on its line before the end tag), so that a build that failed
    /// names the template lines of both (`SiteBuild.traced`). Left as it is where either
    /// cannot be found.
    mutating func placeTagLeftOpen(in contents: Data) {
        guard rule == "well-formed", let open = Self.tagLeftOpen(in: message) else { return }
        let columns = ColumnFinder(contents)
        var limit = columns.offset(line: open.line + 1, column: 1) ?? contents.count
        if let closing = open.closing {
            guard let reported = columns.offset(line: line, column: column),
                let end = columns.lastTag("</" + closing, before: reported)
            else { return }
            (line, column) = columns.position(of: end)
            if open.line == line { limit = end }
        }
        guard let start = columns.lastTag("<" + open.element, before: limit),
            columns.position(of: start).line == open.line
        else { return }
        let opened = columns.position(of: start)
        holder = Holder(element: open.element, line: opened.line, column: opened.column)
    }

    /// The element left open and its line, and the end tag met instead (nil at the file's
    /// end), from libxml2's "Opening and ending tag mismatch: OPEN line N and CLOSE" or
    /// "Premature end of data in tag OPEN line N".
    static func tagLeftOpen(in message: String) -> (element: String, line: Int, closing: String?)? {
        for (prefix, count) in [("Opening and ending tag mismatch: ", 5), ("Premature end of data in tag ", 3)] {
            guard let range = message.range(of: prefix) else { continue }
            let words = message[range.upperBound...].split(separator: " ")
            guard words.count == count, words[1] == "line", let line = Int(words[2]), line > 0 else { return nil }
            guard count == 5 else { return (String(words[0]), line, nil) }
            return words[3] == "and" ? (String(words[0]), line, String(words[4])) : nil
        }
        return nil
    }
}
