extension Template {
    /// A tag of a template's text as the parser reads it, for a message that points at one:
    /// its sigil (`#`, `^`, `/`, `>`, `<`, `$`, `&`, `{`; nil for a value), its name as
    /// written (`*kind` for a partial named by a value), and where its opening delimiter starts.
    struct Tag: Sendable, Equatable {
        var sigil: Character?
        var name: String
        /// The byte offset in the text; `Template.tags(in:)` tells it as a line and a column.
        var offset: Int
        var line = 0
        var column = 0
    }

    /// The tags of `text` that name something, in its order, each with its line and column
    /// (in characters, lines as `TextLines` counts them): read by the parser itself, so the
    /// delimiters a `{{=<% %>=}}` sets are followed and a comment's text is no tag. Comments,
    /// set-delimiter tags and pragmas are not among them. Nil when the text does not parse:
    /// `Template(parsing:)` tells that error.
    static func tags(in text: String) -> [Tag]? {
        var parser = Parser(bytes: Array(text.utf8), name: "")
        guard (try? parser.parse(Parser.State())) != nil else { return nil }
        let starts = TextLines.starts(of: parser.bytes)
        var (line, counted, column) = (0, 0, 1)
        return parser.tagsRead.map { tag in
            var tag = tag
            // The column counted on from the last tag, not from the line's start each time:
            // a minified template holds thousands of tags on one line.
            while line + 1 < starts.count, starts[line + 1] <= tag.offset {
                line += 1
                (counted, column) = (starts[line], 1)
            }
            if counted < tag.offset {
                column += String(decoding: parser.bytes[counted..<tag.offset], as: UTF8.self).count
                counted = tag.offset
            }
            (tag.line, tag.column) = (line + 1, column)
            return tag
        }
    }
}
