import Entities
import Foundation

/// The shapes a configuration's text values may take. Each reaches pages, feeds, URLs or
/// request paths, so each is checked where it is read, at its file and line: a value that
/// would only fail the validator after rendering (an empty title, a title of 50 MB, a
/// control character) or publish a secret (a password in `base_url`) stops the run first.
extension Configuration {
    /// The longest title: a heading and a feed's name, not a document.
    public static let maxTitleCharacters = 200
    /// A search's name is a heading and part of its page's path; its query GitHub caps at 256.
    public static let maxSearchNameCharacters = 100
    public static let maxSearchQueryCharacters = 256
    /// A theme's name or folder path, and a URL: far beyond any real one.
    public static let maxThemeCharacters = 1024
    public static let maxURLCharacters = 2048
    /// The longest text quoted back in a message about a login.
    static let maxLoginCharacters = 100
    /// `OWNER/NAME` at GitHub's limits.
    static let maxRepoNameCharacters = GitHubName.maxLoginLength + 1 + GitHubName.maxRepositoryLength

    /// Why `value` cannot be the text called `name`, or nil when it can: not blank, at most
    /// `maxCharacters` characters, and no control character (which no page may carry).
    /// Says where the fault is, never the value itself, which may be megabytes long.
    public static func textProblem(_ value: String, name: String, maxCharacters: Int) -> String? {
        if value.isEmpty {
            return "\(name) must not be empty"
        }
        if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return "\(name) must not be blank (white space only)"
        }
        // Bytes first (free on a native string): a 50 MB value, or one character with a
        // megabyte of combining marks, is refused without being walked; then characters.
        let bytes = value.utf8.count
        if bytes > maxCharacters * 32 {
            return
                "\(name) must be at most \(maxCharacters) characters and \(maxCharacters * 32) bytes long, found \(bytes) bytes"
        }
        if value.count > maxCharacters {
            return "\(name) must be at most \(maxCharacters) characters long, found \(value.count) characters"
        }
        if let offset = value.unicodeScalars.firstIndex(where: { $0.properties.generalCategory == .control }) {
            let scalar = value.unicodeScalars[offset]
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let position = value.unicodeScalars.distance(from: value.unicodeScalars.startIndex, to: offset) + 1
            return
                "\(name) must not hold a control character, found U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) "
                + "at character \(position)"
        }
        return nil
    }

    /// Why `code` cannot name a language, or nil when it can: a BCP 47 tag's shape, as HTML's
    /// `lang` takes it (`en`, `ja`, `pt-BR`), which is also the catalogue's file name (or,
    /// taking subtags off its end, a catalogue's: `en-US` reads `en.toml`, `Theme.phrasebook`).
    public static func languageProblem(_ code: String) -> String? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        let letters = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isLetter } }
        let shaped =
            code.utf8.count <= 35 && (2...3).contains(parts[0].count) && letters(parts[0])
            && parts.dropFirst().allSatisfy {
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        guard !shaped else { return nil }
        let printable = code.utf8.count <= 35 && code.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        return "language must be a language code such as \"en\" or \"ja\" (a BCP 47 tag), found "
            + (printable ? "\"\(code)\"" : "one of \(code.utf8.count) bytes")
    }

    /// Why `login` cannot be a GitHub account, or nil when it can: ASCII letters, digits,
    /// `-` and `_`, as request paths and page paths take them. `@me`, the token's owner,
    /// only where `allowsMe`.
    public static func loginProblem(_ login: String, name: String, allowsMe: Bool) -> String? {
        if allowsMe && login == "@me" { return nil }
        // One rule for a login wherever one enters: GitHubName's.
        guard !GitHubName.isLogin(login) else { return nil }
        let printable =
            login.utf8.count <= maxLoginCharacters
            && login.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        return
            "\(name) must be GitHub account names (ASCII letters, digits, '-' or '_', not '-' first, at most \(GitHubName.maxLoginLength))"
            + (allowsMe ? " or \"@me\"" : "") + ", found "
            + (printable ? "'\(login)'" : "one of \(login.utf8.count) bytes")
    }

    /// Why `text` cannot be the site's `base_url`, or nil when it can: an absolute http(s)
    /// URL ending in `/`, with nothing in it that could break out of an attribute or a feed,
    /// and nothing that must not be published in every page's canonical link and the
    /// sitemap: no user name or password, no query, no fragment.
    public static func baseURLProblem(_ text: String) -> String? {
        // First, so that no message below repeats a password.
        if holdsUserInfo(text) {
            return
                "must not hold a user name or password (they would be published in every page's links and the sitemap)"
        }
        guard text.utf8.count <= maxURLCharacters else {
            return "must be at most \(maxURLCharacters) characters long, found \(text.utf8.count) bytes"
        }
        let isWeb = { (text: String) in text.hasPrefix("https://") || text.hasPrefix("http://") }
        if !isWeb(text) && isWeb(text.lowercased()) {
            return "must start with 'https://' or 'http://' written in lower case, found '\(text)'"
        }
        // Before the check of its end: `https://example.org/?q=1` is wrong for its query.
        if isWeb(text), text.contains("?") || text.contains("#") {
            return "must not hold a query ('?') or a fragment ('#'): page paths are appended to it, found '\(text)'"
        }
        // Said as what it is: such a URL is absolute all the same.
        if isWeb(text), let odd = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
            return
                (odd.value >= 0x80
                ? "must be written in ASCII: a host in its xn-- form (punycode), a path percent-encoded"
                : "must not hold a space or a control character (percent-encode it as %20 and the like)")
                + ", found '\(text)'"
        }
        let afterScheme = text.drop(while: { $0 != ":" }).dropFirst(3)
        guard
            isWeb(text) && text.hasSuffix("/")
                && afterScheme.first.map({ $0 != "/" }) == true
                && text.unicodeScalars.allSatisfy({
                    $0.value > 0x20 && $0.value < 0x7F && !"\"<>'`\\".unicodeScalars.contains($0)
                })
        else { return "must be an absolute http(s) URL ending in '/', found '\(text)'" }
        // Past the host: a '.' or '..' segment would be published as it is in every canonical
        // link and the sitemap, where a browser or crawler reads another path.
        let path = afterScheme.drop(while: { $0 != "/" })
        // A browser reads '%2e' as '.' in a segment.
        let segments = path.split(separator: "/").map { $0.lowercased().replacingOccurrences(of: "%2e", with: ".") }
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            return "must not hold a '.' or '..' path segment, found '\(text)'"
        }
        return portOrEscapeProblem(text).map { "\($0), found '\(text)'" }
    }
}
