/// Where each piece of a rendered page came from: which template, and where in its file. A
/// finding in a page (`favourites/index.html:46:29`) is a theme author's mistake in a
/// template line they never see in the page's path; the trace names that line
/// (`mytheme/templates/card.mustache:4:29`). Made only for the few pages whose findings are
/// shown, by rendering them again (`SitePlan.traced(at:repository:)`): the pages a build
/// publishes are rendered untraced.
struct TemplateTrace: Sendable {
    /// One piece of the page: a template's own text, or a value it placed.
    struct Span: Sendable, Equatable {
        /// Where it is in the page, in bytes.
        var start: Int
        var length: Int
        /// The template's name in the library (`card`).
        var template: String
        /// Where its text starts in the template's file, in bytes; a value's: its tag's.
        var source: Int
        /// The value's name as its tag writes it; nil for the template's own text.
        var value: String? = nil
    }

    /// In the page's order.
    var spans: [Span]

    /// The trace of `page` (the page it was made for) once the code points XML forbids are
    /// taken out of it, as `String.xmlSafe` takes them out of every page: each span loses those
    /// it held and is cut where they were, so each byte left still leads to its own place in
    /// the template, and what follows them is found where it now is.
    func droppingXMLForbidden(from page: String) -> TemplateTrace {
        // Where each code point taken out starts, in bytes of `page`, and how many bytes had
        // gone before it.
        var removed: [(offset: Int, before: Int)] = []
        var (offset, gone) = (0, 0)
        for scalar in page.unicodeScalars {
            let length = UTF8.width(scalar)
            if String.isXMLForbidden(scalar) {
                removed.append((offset, gone))
                gone += length
            }
            offset += length
        }
        /// Bytes taken out before `offset`, and the first removal at or after it.
        func removedBefore(_ offset: Int) -> (bytes: Int, next: Int) {
            var (next, high) = (0, removed.count)
            while next < high {
                let middle = (next + high) / 2
                if removed[middle].offset < offset { next = middle + 1 } else { high = middle }
            }
            return (next < removed.count ? removed[next].before : gone, next)
        }
        var spans: [Span] = []
        for span in self.spans {
            var (start, next) = (span.start, removedBefore(span.start).next)
            let end = span.start + span.length
            func keep(_ piece: Range<Int>) {
                guard !piece.isEmpty else { return }
                var kept = span
                kept.start = piece.lowerBound - removedBefore(piece.lowerBound).bytes
                kept.length = piece.count
                // A template's own text moves with the piece; a value's is told at its tag.
                if span.value == nil { kept.source = span.source + piece.lowerBound - span.start }
                spans.append(kept)
            }
            while next < removed.count, removed[next].offset < end {
                keep(start..<removed[next].offset)
                let length = (next + 1 < removed.count ? removed[next + 1].before : gone) - removed[next].before
                start = removed[next].offset + length
                next += 1
            }
            keep(start..<end)
        }
        return TemplateTrace(spans: spans)
    }

    /// Where the page's character at `line` and `column` (1-based, columns in characters, as
    /// findings count them) came from: `FILE:LINE:COLUMN` in a template's own text, or the
    /// value a tag there placed (`the value {{description}} placed at FILE:LINE:COLUMN`); nil
    /// where no template text or value was placed.
    func origin(line: Int, column: Int, in page: String, sources: [String: TemplateSource]) -> String? {
        guard let offset = Self.offset(line: line, column: column, in: page),
            let span = spans.last(where: { $0.start <= offset }), offset < span.start + span.length,
            let source = sources[span.template]
        else { return nil }
        guard let value = span.value else {
            return source.file + ":" + Self.position(of: span.source + offset - span.start, in: source.text)
        }
        return "the value {{\(value)}} placed at \(source.file):" + Self.position(of: span.source, in: source.text)
    }

    /// The byte offset of a character given by its line and column; nil past the page's end.
    static func offset(line: Int, column: Int, in page: String) -> Int? {
        // A page's lines as libxml2 counts them, in whose findings they come: ended by LF only.
        var lineStart = page.utf8.startIndex
        for _ in 1..<max(1, line) {
            guard let newline = page.utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            lineStart = page.utf8.index(after: newline)
        }
        let characters = page[lineStart...]
        guard column >= 1,
            let character = characters.index(
                characters.startIndex, offsetBy: column - 1, limitedBy: characters.endIndex)
        else { return nil }
        return page.utf8.distance(from: page.utf8.startIndex, to: character)
    }

    /// `LINE:COLUMN` (1-based, the column in characters) of the byte at `offset` in `text`, a
    /// template's, its lines as an editor shows them (`TextLines`).
    static func position(of offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8)
        let end = min(offset, bytes.count)
        let (line, lineStart) = TextLines.line(at: end, of: bytes)
        return "\(line):\(String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1)"
    }
}
