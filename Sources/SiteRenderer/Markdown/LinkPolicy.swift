import Foundation

/// Which URLs a rendered document may keep, and where relative ones point.
enum LinkPolicy {
    /// The URL to use, or nil to drop the link and keep its text.
    ///
    /// - Fragments (`#install`) stay only when they name an id the same document gives (a
    ///   heading's, an anchor's, a footnote's); `#top` and `#readme` (GitHub's id for the
    ///   README's box) where it gives none go to the top of the page, as "back to top" means.
    /// - Absolute http(s) and mailto URLs stay as they are.
    /// - Relative URLs resolve against `base` (the README's folder on GitHub), a path from the
    ///   root (`/docs/a.md`) against `root` (the repository's root) where given; with no
    ///   base, dropped.
    /// - Every other scheme (`javascript:`, `data:`, `vbscript:`, `file:`, …) is dropped.
    static func resolve(
        _ url: String, base: String?, root: String? = nil, fragmentPrefix: String, knownIDs: Set<String>
    ) -> String? {
        // Written in its valid form: a README's `https://matrix.to/#/#room` is a finding raw.
        // One whose host no encoding mends (`http://exa mple.com`) is no link.
        unchecked(url, base: base, root: root, fragmentPrefix: fragmentPrefix, knownIDs: knownIDs).map(lasting)
            .flatMap(URLSyntax.link)
    }

    /// A link to a place in a document read away from its page (release notes in a feed,
    /// whose reader resolves `#install` against the feed, or its own page): the same place
    /// on the page the document is published on, GitHub's release page, which finds
    /// `#install` (its `user-content-install`) itself. `#top` and `#readme`: the page.
    static func fragment(_ url: String, onPage page: String) -> String? {
        guard let fragment = fragment(of: url), documentID(fragment) != nil else { return nil }
        let page = String(page.prefix { $0 != "#" })
        return URLSyntax.link(topFragments.contains(fragment.lowercased()) ? page : page + "#" + fragment)
    }

    /// The file a GitHub address shows as an image: a file's page (`github.com/o/r/blob/main/a.png`,
    /// an HTML page, a broken image) read as the file itself (`…/raw/main/a.png`), as
    /// GitHub's own rendering does. Any other address as it is.
    static func imageFile(_ url: String) -> String {
        // Every image of every README asks: only the address's start is lowered, once.
        let start = url.prefix(23).lowercased()
        guard
            let host = ["https://github.com/", "http://github.com/", "https://www.github.com/"].first(where: {
                url.utf8.count > $0.utf8.count && start.hasPrefix($0)
            })
        else { return url }
        let parts = url.dropFirst(host.count).split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[0].isEmpty, !parts[1].isEmpty, parts[2] == "blob",
            parts[3].contains(where: { $0 != "/" && $0 != "?" && $0 != "#" })
        else { return url }
        return "https://github.com/\(parts[0])/\(parts[1])/raw/\(parts[3])"
    }

    /// Fragments that go to the top of the page where the document gives no such id.
    static let topFragments: Set<String> = ["top", "readme"]

    static let signedAttachmentPrefix = "https://private-user-images.githubusercontent.com/"

    /// GitHub renders an uploaded image (`github.com/user-attachments/assets/UUID`) as a
    /// `private-user-images` address signed for five minutes (`?jwt=…`): published as it is,
    /// it breaks within minutes and publishes the signature. The lasting address is the
    /// attachment's own, named by the UUID in the file name (`123-UUID.png`); an address not
    /// of that shape loses its query at least.
    static func lasting(_ url: String) -> String {
        guard url.hasPrefix(signedAttachmentPrefix) else { return url }
        let path = url.dropFirst(signedAttachmentPrefix.count).prefix { $0 != "?" && $0 != "#" }
        let name = path.split(separator: "/").last.map { $0.prefix { $0 != "." } } ?? ""
        let parts = name.split(separator: "-", maxSplits: 1)
        if parts.count == 2, parts[0].allSatisfy(\.isNumber), let id = UUID(uuidString: String(parts[1])) {
            return "https://github.com/user-attachments/assets/" + id.uuidString.lowercased()
        }
        return signedAttachmentPrefix + path
    }

    /// The fragment of a link to a place in the same document (`#install` → `install`), as
    /// `resolve` reads it: nil for any other URL. Whether it names an id is another matter.
    static func fragment(of url: String) -> String? {
        let trimmed = Self.trimmed(url)
        guard trimmed.hasPrefix("#"), !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return String(trimmed.dropFirst())
    }

    private static func unchecked(
        _ url: String, base: String?, root: String?, fragmentPrefix: String, knownIDs: Set<String>
    ) -> String? {
        let trimmed = Self.trimmed(url)
        guard !trimmed.isEmpty,
            !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        if let fragment = fragment(of: trimmed) {
            guard let id = documentID(fragment).map({ fragmentPrefix + $0 }) else { return nil }
            if knownIDs.contains(id) { return link(to: id) }
            // GitHub's own ids are the document's prefixed `user-content-`: a link written
            // with it (`#user-content-install`) names the id without it here.
            if let plain = documentID(fragment)?.trimmingPrefix("user-content-"), !plain.isEmpty,
                knownIDs.contains(fragmentPrefix + plain)
            {
                return link(to: fragmentPrefix + plain)
            }
            // "Back to top" (`#top`, which a browser takes to the top of any page, or `#readme`,
            // GitHub's id for the README's box): the top of the page here.
            return topFragments.contains(fragment.lowercased()) ? "#top" : nil
        }
        if let scheme = scheme(of: trimmed) {
            return ["http", "https", "mailto"].contains(scheme) ? trimmed : nil
        }
        if trimmed.hasPrefix("//") { return "https:" + trimmed }
        guard let base else { return nil }
        // A path from the root means the repository's root: `root` for a README in a folder,
        // the base itself for one at the root. GitHub resolves them the same way.
        guard trimmed.hasPrefix("/") else { return join(trimmed, to: base) }
        return join(String(trimmed.drop(while: { $0 == "/" })), to: root ?? base)
    }

    /// `relative` resolved against `base` (RFC 3986), if that gives an http(s) URL. Most of a
    /// README's links are plain paths below it (`docs/guide.md`), which resolve to the base
    /// and the path joined; only the others go through Foundation's `URL`, a few per cent of
    /// a large build when every link did.
    static func join(_ relative: String, to base: String) -> String? {
        if isPlainPath(relative), isPlainBase(base) { return base + relative }
        guard let baseURL = URL(string: base),
            let resolved = URL(string: relative, relativeTo: baseURL)?.absoluteURL.absoluteString,
            scheme(of: resolved) == "https" || scheme(of: resolved) == "http"
        else { return nil }
        return resolved
    }

    /// Letters, digits, `-`, `_`, `~`, `.` and `/`, with no `.` or `..` segment: nothing in it
    /// that resolving would change.
    private static func isPlainPath(_ path: String) -> Bool {
        guard !path.isEmpty else { return false }
        var segmentDots = 0
        var segmentLength = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if segmentDots == segmentLength, (1...2).contains(segmentDots) { return false }
                segmentDots = 0
                segmentLength = 0
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                segmentLength += 1
            case UInt8(ascii: "."):
                segmentDots += 1
                segmentLength += 1
            default:
                return false
            }
        }
        return !(segmentDots == segmentLength && (1...2).contains(segmentDots))
    }

    /// An http(s) URL with a host, ending in `/`, of letters, digits and `-._~/:@%` only (no
    /// query, no fragment): a plain path joined to it is resolved.
    private static func isPlainBase(_ base: String) -> Bool {
        guard base.utf8.last == UInt8(ascii: "/"),
            let afterScheme = ["https://", "http://"].first(where: base.hasPrefix).map({
                base.utf8.dropFirst($0.utf8.count)
            }),
            let hostEnd = afterScheme.firstIndex(of: UInt8(ascii: "/")), hostEnd != afterScheme.startIndex
        else { return false }
        return base.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "-._~/:@%".utf8.contains(byte)
            }
        }
    }

    /// A link to the id `id` of the same page, as a fragment: a `%` the id holds is written
    /// `%25`, as browsers (and the validator) decode the fragment before they look it up.
    /// (`resolve` makes what is not ASCII valid after.)
    static func link(to id: String) -> String {
        "#" + id.replacingOccurrences(of: "%", with: "%25")
    }

    /// An id a document gives (an anchor's `name` or `id`, a footnote's) or a fragment names,
    /// as the page writes it, before the document's prefix: decoded (`#gr%C3%B6%C3%9Fe` names
    /// `größe`, as cmark writes a link to a heading that is not ASCII), lower-cased, as GitHub
    /// matches fragments, white space as `-`. Heading slugs are already in this form. Nil for
    /// one that is empty, or holds a control character or anything else a page cannot hold as
    /// it is (`xmlSafe` would drop it, and two ids would then be one).
    static func documentID(_ raw: String) -> String? {
        let decoded = raw.utf8.contains(UInt8(ascii: "%")) ? raw.removingPercentEncoding ?? raw : raw
        let words = decoded.lowercased().split(whereSeparator: \.isWhitespace)
        let id = words.joined(separator: "-")
        guard !id.isEmpty,
            !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }), id.xmlSafe == id
        else { return nil }
        return id
    }

    /// `url.trimmingCharacters(in: .whitespacesAndNewlines)`, which for the usual URL, with
    /// nothing to trim at either end, is the URL itself: no need to go through NSString.
    private static func trimmed(_ url: String) -> String {
        let blank = CharacterSet.whitespacesAndNewlines
        guard let first = url.unicodeScalars.first, let last = url.unicodeScalars.last,
            !blank.contains(first), !blank.contains(last)
        else { return url.trimmingCharacters(in: blank) }
        return url
    }

    /// The scheme, lower-cased, if the URL starts with one (`JaVaScRiPt:` → `javascript`).
    /// Read as UTF-8: a scheme is ASCII letters, digits, `+`, `-` and `.`, a letter first.
    private static func scheme(of url: String) -> String? {
        var length = 0
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                guard length > 0 else { return nil }
                return String(url.utf8.prefix(length))?.lowercased()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                length += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard length > 0 else { return nil }
                length += 1
            default:
                return nil
            }
        }
        return nil
    }
}

/// GitHub-style heading ids: lower-case, punctuation dropped, spaces to hyphens, repeats
/// numbered, never one given already (`# Foo-1` then `# Foo` twice: `foo-1`, `foo`, `foo-2`).
struct HeadingSlugs {
    private var used: [String: Int] = [:]
    private var given: Set<String> = []

    mutating func next(for text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars where Self.keeps(scalar) {
            slug.unicodeScalars.append(scalar == " " ? "-" : scalar)
        }
        if slug.isEmpty { slug = "section" }
        var count = used[slug, default: 0]
        var id = count == 0 ? slug : "\(slug)-\(count)"
        while given.contains(id) {
            count += 1
            id = "\(slug)-\(count)"
        }
        used[slug] = count + 1
        given.insert(id)
        return id
    }

    /// Whether GitHub keeps `scalar` in a slug (github-slugger's rule, from its fixtures of
    /// GitHub's own ids): letters, marks (the U+FE0F that makes ⚙️ an emoji among them, though
    /// the emoji goes), decimal and letter numbers, connector punctuation (`_`, `‿`), `-`, a
    /// space (made `-`), and anything alphabetic; not symbols, other punctuation or numbers,
    /// controls, formats (U+200D), other spaces.
    static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
            return true
        default: return scalar == "-" || scalar == " " || scalar.properties.isAlphabetic
        }
    }
}
