extension HTMLSanitiser {
    /// The most attributes one element keeps before libxml2 reads it. libxml2's HTML parser
    /// compares each attribute with every one before it on the element (to drop repeats): a
    /// stranger's README with one `<p>` of 60,000 attributes took 27 s to render, every build
    /// of every site that shows it. No element GitHub renders has more than a few dozen.
    static let maxAttributes = 200

    /// `html` with every element's attributes past `maxAttributes` left out (the tag closed
    /// after the last one kept); `html` itself, not copied, where no element has that many.
    /// One pass over the bytes, reading tags as HTML does: names and values, quoted values
    /// (which may hold `>`), comments and declarations skipped whole.
    static func boundingAttributes(_ html: String) -> String {
        var html = html
        // (where the first attribute past the bound starts, where its tag ends: at its `>`, or
        // at the text's end for a tag never closed)
        var cuts: [(from: Int, to: Int)] = []
        html.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
            /// Past `needle` from `index`, or the end.
            func skip(past needle: [UInt8]) {
                while index < count {
                    if bytes[index] == needle[0], index + needle.count <= count,
                        (0..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] })
                    {
                        index += needle.count
                        return
                    }
                    index += 1
                }
            }
            while index < count {
                guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                    index += 1
                    continue
                }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                    index += 2
                    let isComment = index + 1 < count && bytes[index] == 0x2D && bytes[index + 1] == 0x2D
                    skip(past: isComment ? Array("-->".utf8) : [UInt8(ascii: ">")])
                    continue
                }
                guard isLetter(next) else {
                    index += 1
                    continue
                }
                // The tag's name, then its attributes up to its `>`.
                index += 1
                while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                    bytes[index] != UInt8(ascii: "/")
                {
                    index += 1
                }
                var attributes = 0
                var cutFrom: Int?
                while index < count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ">") { break }
                    if isSpace(byte) || byte == UInt8(ascii: "/") {
                        index += 1
                        continue
                    }
                    // An attribute: its name, then `=` and a value, if it has one.
                    attributes += 1
                    if attributes > maxAttributes, cutFrom == nil { cutFrom = index }
                    index += 1
                    while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                        bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "=")
                    {
                        index += 1
                    }
                    while index < count, isSpace(bytes[index]) { index += 1 }
                    guard index < count, bytes[index] == UInt8(ascii: "=") else { continue }
                    index += 1
                    while index < count, isSpace(bytes[index]) { index += 1 }
                    guard index < count else { break }
                    let quote = bytes[index]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        index += 1
                        while index < count, bytes[index] != quote { index += 1 }
                        index += 1
                    } else {
                        while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    }
                }
                if let cutFrom { cuts.append((cutFrom, min(index, count))) }
                index += 1
            }
        }
        guard !cuts.isEmpty else { return html }
        var bounded: [UInt8] = []
        var kept = 0
        html.withUTF8 { bytes in
            bounded.reserveCapacity(bytes.count)
            for cut in cuts {
                bounded += bytes[kept..<cut.from]
                kept = cut.to
            }
            bounded += bytes[kept...]
        }
        return String(decoding: bounded, as: UTF8.self)
    }
}
