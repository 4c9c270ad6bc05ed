import Foundation

/// Columns of elements, which libxml2 does not keep: the start of each line is found in one
/// pass over the bytes, then the element's `<name` within its line. Cheap enough to run for
/// every link of every page.
struct ColumnFinder {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ contents: Data) {
        bytes = Array(contents)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// 1-based column of the first `<name` on a 1-based line, or 1 when it is not there.
    func column(of name: String, line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return 1 }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let needle = [UInt8(ascii: "<")] + Array(name.utf8)
        var offset = start
        while offset + needle.count <= end {
            if bytes[offset] == needle[0], bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
                // Columns count characters, not bytes.
                return String(decoding: bytes[start..<offset], as: UTF8.self).count + 1
            }
            offset += 1
        }
        return 1
    }
}
