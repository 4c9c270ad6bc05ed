import Foundation

/// The `Link` header of a paged answer (RFC 8288), as GitHub writes it:
/// `<https://api.github.com/repositories/1/releases?page=2>; rel="next", <…>; rel="last"`.
///
/// Read as UTF-8 bytes, not characters: a run reads two hundred of these (a 10,000-star
/// list's chain from the cache, then each page's answer), and splitting them into graphemes
/// and trimming them with Foundation took a hundredth of a second on its own.
package struct LinkHeader: Sendable, Hashable {
    /// Target URL by relation (`next`, `last`, `prev`, `first`).
    package var links: [String: String] = [:]

    package init(_ value: String?) {
        guard let value else { return }
        for entry in Self.entries(value) {
            let parts = entry.split(separator: ";", omittingEmptySubsequences: true).map(Self.trimmed)
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            // Kept as written, junk too (`<>`, `<a>b>`): a server that says there is a next page
            // was not read to the end, whatever it named, and the list is not taken as whole
            // (its repositories past here as unstarred). `resolve` and `isFetchable` judge it.
            let url = target.dropFirst().dropLast()
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map(Self.trimmed)
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                for relation in Self.unquoted(pair[1]).split(separator: " ") where links[relation.lowercased()] == nil {
                    links[relation.lowercased()] = String(url)
                }
            }
        }
    }

    package var next: String? { links["next"] }

    /// `reference` (a `Link` target) as an address: a reference relative to the page that
    /// sent it (`<?page=2>`, which RFC 8288 allows) resolved against `base`; as written when it
    /// is absolute already, or cannot be resolved (then `isFetchable` says it is no address).
    package static func resolve(_ reference: String, against base: String) -> String {
        // A URI reference holds no raw angle brackets: `<a>b>` is junk, never resolved into a
        // page to fetch (percent-encoded, it would be one).
        guard !isFetchable(reference), !holdsAngleBracket(reference),
            let resolved = URLOrigin.resolve(reference, against: base),
            isFetchable(resolved)
        else { return reference }
        return resolved
    }

    /// Whether `url` is an address a page can be fetched from: http or https, with a host,
    /// no user name or password (which the server, not the user, would have chosen), and no
    /// raw angle bracket (a junk target's).
    package static func isFetchable(_ url: String) -> Bool {
        guard !holdsAngleBracket(url), let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
            let host = parts.host
        else { return false }
        return ["http", "https"].contains(scheme) && !host.isEmpty && parts.user == nil && parts.password == nil
    }

    private static func holdsAngleBracket(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
    }

    /// Splits on the commas between entries, not those inside `<…>` or quotes.
    private static func entries(_ value: String) -> [Substring] {
        var entries: [Substring] = []
        var start = value.startIndex
        var inURL = false
        var inQuotes = false
        for index in value.utf8.indices {
            switch value.utf8[index] {
            case UInt8(ascii: "<") where !inQuotes: inURL = true
            case UInt8(ascii: ">") where !inQuotes: inURL = false
            case UInt8(ascii: "\"") where !inURL: inQuotes.toggle()
            case UInt8(ascii: ",") where !inURL && !inQuotes:
                entries.append(value[start..<index])
                start = value.utf8.index(after: index)
            default: break
            }
        }
        entries.append(value[start...])
        return entries.map(trimmed).filter { !$0.isEmpty }
    }

    /// Without the spaces and tabs around it (a header's optional white space, RFC 9110).
    private static func trimmed(_ text: Substring) -> Substring {
        stripped(text) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Without the double quotes around it.
    private static func unquoted(_ text: Substring) -> Substring {
        stripped(text) { $0 == UInt8(ascii: "\"") }
    }

    /// Without the ASCII bytes `strip` names at either end, a byte at a time.
    private static func stripped(_ text: Substring, _ strip: (UInt8) -> Bool) -> Substring {
        var bytes = text.utf8[...]
        while let first = bytes.first, strip(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, strip(last) { bytes = bytes.dropLast() }
        return Substring(bytes)
    }
}
