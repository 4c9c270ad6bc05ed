internal import Mustache

/// Mustache's HTML escaping, done on bytes. swift-mustache's own looks up every Character of
/// every value in a dictionary, a twentieth of a large build; this one scans the UTF-8 once
/// and returns the value itself when nothing needs escaping, as almost nothing does. Same
/// entities as swift-mustache's (`&lt; &gt; &amp; &quot; &#39;`). Unlike it, a `<` that a
/// combining mark follows is escaped too (it reads such a pair as one Character, not `<`).
///
/// Templates get it through a `CONTENT_TYPE` pragma that `Theme.library()` puts before each.
struct HTMLEscaping: MustacheContentType {
    static let name = "repodigest-html"
    /// The pragma line; standalone, so it renders nothing, not even its newline.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    func escapeText(_ text: String) -> String {
        var text = text
        let clean = text.withUTF8 { bytes in !bytes.contains { Self.entity(for: $0) != nil } }
        if clean { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = Self.entity(for: byte) { escaped += entity.utf8 } else { escaped.append(byte) }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        default: return nil
        }
    }
}
