extension TOMLGuard {
    /// `bytes` as text when they are UTF-8; else the line and column (1-based, in Unicode
    /// scalars) of the first byte that is not, for a message that names the place. Read
    /// leniently instead, a stray byte would become U+FFFD and reach every page unnoticed.
    /// The configuration and a theme's files (`theme.toml`, templates, locales) both read
    /// their text through this.
    public static func utf8Text(_ bytes: [UInt8]) -> Result<String, NotUTF8> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var place = NotUTF8(line: 1, column: 1)
        // A byte order mark is no part of the first line (the configuration drops it), so no column.
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: mark) { _ = (iterator.next(), iterator.next(), iterator.next()) }
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
            if scalar.elementsEqual([UInt8(ascii: "\n")]) {
                place = NotUTF8(line: place.line + 1, column: 1)
            } else {
                place.column += 1
            }
        }
        return .failure(place)
    }

    /// Where the first byte that is not UTF-8 is.
    public struct NotUTF8: Error, Sendable, Equatable {
        public var line: Int
        public var column: Int
    }
}
