/// `{{value}}`'s HTML escaping, done on bytes: the UTF-8 is scanned once and the value
/// itself returned when nothing needs escaping, as almost nothing does. The entities are
/// swift-mustache's (`&lt; &gt; &amp; &quot; &#39;`), which the themes were written against.
enum HTMLEscaping {
    /// Escaped, and any direction it leaves open closed (`directionsClosed`), so that no
    /// value reverses the text around it.
    static func escape(_ text: String) -> String {
        String.replacingBytes(of: text, by: entity).directionsClosed
    }

    private static func entity(for byte: UInt8) -> StaticString? {
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
