import PageModels

/// What a URL in an attribute may hold, the way the W3C checker reads it (the URL
/// standard's "valid URL string"): URL code points, `%` with two hex digits, one `#`, and
/// `[` `]` only around an IPv6 host, and a host and port the URL standard accepts
/// (`URLHost`). A URL from the data (a homepage, a README's link) is written in its valid
/// form by `valid(_:)` (one whose host no encoding mends is no link: `SafeURL`,
/// `LinkPolicy`), so no data can produce a finding, and the validator holds every page to
/// `problem(in:)`.
///
/// Stricter than the standard on one point, as the site is published to any server and
/// read by any tool: a non-ASCII character is percent-encoded (as UTF-8), never left raw.
public enum URLSyntax {
    /// `url` with every character it may not hold percent-encoded: `https://matrix.to/#/#room`
    /// becomes `https://matrix.to/#/%23room`. A valid URL comes back as it was.
    public static func valid(_ url: String) -> String {
        if isPlainlyValid(url) { return url }
        var output = ""
        var state = State()
        let scalars = Array(url.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if state.isAllowed(scalar, at: index, in: scalars) {
                output.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { output += "%" + hexDigits(byte) }
            }
            state.advance(past: scalar, at: index, in: scalars)
        }
        return output
    }

    /// `url` in its valid form, or nil where its host or port is none, which no encoding
    /// mends (`http://exa mple.com`) and a browser cannot follow: then no link is written.
    public static func link(_ url: String) -> String? {
        let written = valid(url)
        return URLHost.problem(in: written) == nil ? written : nil
    }

    /// What is wrong with `url` (after trimming the spaces an attribute may have around it),
    /// or nil when it is valid. Names the part and the character, as the W3C checker does.
    public static func problem(in url: String) -> String? {
        if let problem = URLHost.problem(in: url) { return "invalid host: \(problem)" }
        if isPlainlyValid(url) { return nil }
        let scalars = Array(url.unicodeScalars.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        var state = State()
        for (index, scalar) in scalars.enumerated() {
            if !state.isAllowed(scalar, at: index, in: scalars) {
                let shown: String
                switch scalar.value {
                case 0x20: shown = "space"
                case ..<0x20, 0x7F: shown = "a control character"
                default: shown = "'\(Character(scalar))'"
                }
                let must = scalar.isASCII ? "is not allowed" : "must be percent-encoded"
                return "illegal character in \(state.part): \(shown) \(must)"
            }
            state.advance(past: scalar, at: index, in: scalars)
        }
        return nil
    }

    /// Where in the URL the reading is.
    private struct State {
        enum Part: String {
            case scheme, host, path, query, fragment
        }

        var part = Part.scheme

        func isAllowed(_ scalar: Unicode.Scalar, at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "!", "$", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", ":", ";",
                "=",
                "?", "@", "_", "~":
                return true
            case "%":
                return index + 2 < scalars.count && scalars[index + 1].properties.isASCIIHexDigit
                    && scalars[index + 2].properties.isASCIIHexDigit
            case "#": return part != .fragment
            case "[", "]": return part == .host
            default: return false
            }
        }

        mutating func advance(past scalar: Unicode.Scalar, at index: Int, in scalars: [Unicode.Scalar]) {
            switch (part, scalar) {
            case (.fragment, _): break
            case (_, "#"): part = .fragment
            case (.query, _): break
            case (_, "?"): part = .query
            case (.scheme, ":"):
                let slashes = index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
                part = slashes ? .host : .path
            case (.scheme, "/"): part = .path
            case (.host, "/") where index > 0 && scalars[index - 1] != "/" && scalars[index - 1] != ":":
                part = .path
            default: break
            }
        }
    }

    /// Only characters every part allows, and at most one `#`: valid wherever each stands.
    /// Almost every URL of a page is, and is told so in one pass over its bytes.
    private static func isPlainlyValid(_ url: String) -> Bool {
        var sawHash = false
        for byte in url.utf8 {
            switch byte {
            // Those `State.isAllowed` allows in every part.
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
                UInt8(ascii: "'")...UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="),
                UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                continue
            case UInt8(ascii: "#"):
                if sawHash { return false }
                sawHash = true
            default:
                return false
            }
        }
        return true
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{C}"
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
