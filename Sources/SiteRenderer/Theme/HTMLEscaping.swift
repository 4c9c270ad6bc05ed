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
        String.replacingBytes(of: text, by: Self.entity)
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
