import Foundation

/// Columns of elements, which libxml2 does not keep: the start of each line is found in one
/// pass over the bytes, then the element's `<name` within its line. Made only for a page with
/// findings.
struct ColumnFinder {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ contents: Data) {
        bytes = Array(contents)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// 1-based column of the first `<name` on a 1-based line (the name whole: `<a` is not
    /// `<abbr`), or 1 when it is not there.
    func column(of name: String, line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return 1 }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let needle = [UInt8(ascii: "<")] + Array(name.utf8)
        var offset = start
        while offset + needle.count <= end {
            if isTag(needle, at: offset) { return column(at: offset, lineStart: start) }
            offset += 1
        }
        return 1
    }

    /// The offset of the `<` that opens the tag ending at `end`: the last one before it, as
    /// XML allows none inside a tag.
    func tagStart(before end: Int) -> Int? {
        bytes[..<min(max(end, 0), bytes.count)].lastIndex(of: UInt8(ascii: "<"))
    }

    /// The offset of the character at 1-based `column` of 1-based `line` (the line's end, for
    /// a column past it); nil for a line the file does not have. Columns here count code
    /// points, as libxml2 counts the columns of its own errors, the one input this reads.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        var (offset, characters) = (lineStarts[line - 1], 1)
        while offset < end, characters < column {
            offset += 1
            // Past the code point's continuation bytes.
            while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        return offset
    }

    /// The offset of the last `tag` (`<b`, `</p`, the name whole) that starts before `limit`.
    func lastTag(_ tag: String, before limit: Int) -> Int? {
        let needle = Array(tag.utf8)
        var offset = min(limit, bytes.count) - needle.count
        while offset >= 0 {
            if isTag(needle, at: offset) { return offset }
            offset -= 1
        }
        return nil
    }

    /// Whether `needle` (`<name`, `</name`) stands at `offset`, the name whole: `<a` is not `<abbr`.
    private func isTag(_ needle: [UInt8], at offset: Int) -> Bool {
        bytes[offset] == needle[0] && bytes[offset..<(offset + needle.count)].elementsEqual(needle)
            && Self.endsName(offset + needle.count < bytes.count ? bytes[offset + needle.count] : nil)
    }

    /// The 1-based line and column of the byte at `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        // The last line that starts at or before it.
        var (low, high) = (0, lineStarts.count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return (low + 1, column(at: offset, lineStart: lineStarts[low]))
    }

    /// Columns count characters, not bytes.
    private func column(at offset: Int, lineStart: Int) -> Int {
        String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    }

    /// Whether the byte after `<name` ends the name: a space, `>`, `/`, or the file's end.
    private static func endsName(_ byte: UInt8?) -> Bool {
        guard let byte else { return true }
        return byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09 || byte == 0x0A
            || byte == 0x0D
    }
}
