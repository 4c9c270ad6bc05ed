/// A template's lines as an editor shows them: a line ends at LF, at CR LF, or at a CR alone
/// (a file saved with the old Mac OS's line ends). The line and column a template error or a
/// finding's origin names are counted so, whichever of the three a theme's files use. (A
/// page's lines are libxml2's, in whose findings they come: it ends a line at LF only.)
enum TextLines {
    /// The offset at which each line of `bytes` starts; the first is 0.
    static func starts(of bytes: some Collection<UInt8>) -> [Int] {
        var starts = [0]
        var previous: UInt8 = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == lineFeed {
                starts.append(offset + 1)
            } else if previous == carriageReturn {
                // The CR before this byte ended a line of its own.
                starts.append(offset)
            }
            previous = byte
        }
        if previous == carriageReturn { starts.append(bytes.count) }
        return starts
    }

    /// The 1-based line of the byte at `offset`, and the offset its line starts at.
    static func line(at offset: Int, of bytes: some Collection<UInt8>) -> (line: Int, start: Int) {
        let starts = starts(of: bytes)
        let line = starts.lastIndex { $0 <= offset } ?? 0
        return (line + 1, starts[line])
    }

    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
