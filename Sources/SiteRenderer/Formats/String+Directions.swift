extension String {
    /// The text with each directional embedding, override or isolate it opens and leaves open
    /// closed at its end (U+202C, U+2069), innermost first: a repository's name or a release's
    /// tag from GitHub that ends in U+202E (right-to-left override) would otherwise reverse
    /// whatever the page shows after it, a name and a date beside it among them. Text holding
    /// none (the lead byte of every one is E2) is returned as it is, after one scan.
    var directionsClosed: String {
        guard utf8.contains(0xE2) else { return self }
        enum Opened { case embedding, isolate }
        var open: [Opened] = []
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append(.embedding)
            // A pop closes the last embedding, but none outside the isolate it is in.
            case 0x202C: if open.last == .embedding { open.removeLast() }
            case 0x2066, 0x2067, 0x2068: open.append(.isolate)
            // A pop of an isolate closes it and every embedding opened inside it.
            case 0x2069:
                if let isolate = open.lastIndex(of: .isolate) { open.removeSubrange(isolate...) }
            default: break
            }
        }
        guard !open.isEmpty else { return self }
        return self
            + String(String.UnicodeScalarView(open.reversed().map { $0 == .embedding ? "\u{202C}" : "\u{2069}" }))
    }
}
