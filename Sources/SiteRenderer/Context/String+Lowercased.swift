extension String {
    /// `lowercased()`, done on bytes when the text is ASCII, as names, descriptions and
    /// element names mostly are; other text goes through the Unicode tables as before.
    var quicklyLowercased: String {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return lowercased() }
        guard utf8.contains(where: Self.isCapital) else { return self }
        return String(decoding: utf8.map { Self.isCapital($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isCapital(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
