extension HTMLSanitiser {
    /// The most attributes one element keeps before libxml2 reads it. libxml2's HTML parser
    /// compares each attribute with every one before it on the element (to drop repeats): a
    /// stranger's README with one `<p>` of 60,000 attributes took 27 s to render, every build
    /// of every site that shows it. No element GitHub renders has more than a few dozen.
    static let maxAttributes = 200

    /// `html` with every element's attributes past `maxAttributes` left out (the tag closed
    /// after the last one kept); `html` itself, not copied, where no element has that many.
    /// One pass over the bytes, reading a tag as libxml2 2.9 does: its name, then attributes
    /// (a name, and a value, quoted values holding `>`), a malformed one (a name starting with
    /// a quote) skipped to the next space, each counted. Nothing else is skipped: what looks
    /// like a tag inside a comment, a declaration or a processing instruction, which libxml2
    /// may read as text and then parse what follows (`<!X <p …>`, `<? <p …> ?>`), is scanned
    /// too. Cutting a tag libxml2 would not have read costs nothing.
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
            /// What libxml2's `htmlParseHTMLName` reads as a name: letters, digits, `:_.-`.
            func isNameByte(_ byte: UInt8) -> Bool {
                isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x3A || byte == 0x5F || byte == 0x2E
                    || byte == 0x2D
            }
            while index < count {
                guard bytes[index] == UInt8(ascii: "<"), index + 1 < count, isLetter(bytes[index + 1]) else {
                    index += 1
                    continue
                }
                // The tag's name, then its attributes up to its `>`.
                index += 1
                while index < count, isNameByte(bytes[index]) { index += 1 }
                var attributes = 0
                var cutFrom: Int?
                while index < count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ">") { break }
                    if isSpace(byte) || byte == UInt8(ascii: "/") {
                        index += 1
                        continue
                    }
                    attributes += 1
                    if attributes > maxAttributes, cutFrom == nil { cutFrom = index }
                    guard isNameByte(byte) else {
                        // Not a name: libxml2 drops it up to the next space (or the tag's end).
                        while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                        continue
                    }
                    // A name, then `=` and a value, if it has one.
                    while index < count, isNameByte(bytes[index]) { index += 1 }
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
