import Foundation

/// Which URLs from the data may become links: absolute http(s) only. Anything else
/// (`javascript:`, `data:`, relative paths, URLs with spaces or control characters) is dropped.
enum SafeURL {
    static func http(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
        let afterScheme = text.drop(while: { $0 != ":" }).dropFirst(3)
        guard let host = afterScheme.split(separator: "/", omittingEmptySubsequences: false).first,
            !host.isEmpty,
            text.unicodeScalars.allSatisfy(isAllowed)
        else { return nil }
        return text
    }

    /// No spaces, control characters or characters that could end an attribute.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value != 0x7F && !"\"<>'`\\".unicodeScalars.contains(scalar)
    }

    /// A page on github.com named by values from the data (owner, repository), each
    /// percent-encoded as one path segment: a name GitHub would never accept (`<script>`,
    /// `">`, a tab) cannot end a Markdown link target or an attribute, nor add a segment.
    static func gitHub(_ segments: String...) -> String {
        "https://github.com/"
            + segments.map { $0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
            .joined(separator: "/")
    }

    /// A value from the data that is a path of its own (a branch such as `feature/x`),
    /// percent-encoded but for its slashes.
    static func path(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved.union(CharacterSet(charactersIn: "/"))) ?? ""
    }

    /// RFC 3986's unreserved characters: everything else in a path segment or query value is
    /// percent-encoded.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The folder part of a URL: `https://x/a/b/README.md` → `https://x/a/b/`.
    static func folder(of text: String?) -> String? {
        // Three slashes at least: `https://host/` has a folder, `https://host` has none.
        guard let url = http(text), url.count(where: { $0 == "/" }) >= 3,
            let slash = url.lastIndex(of: "/")
        else { return nil }
        return String(url[...slash])
    }
}
