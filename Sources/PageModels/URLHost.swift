/// The host and port of an absolute URL (`scheme://user@host:port/…`), as the URL standard
/// reads them and the W3C checker holds a page to them. Percent-encoding mends a path, never
/// a host: `exa%20mple.com` is still a space, which no host may hold. So a URL from the data
/// (a homepage, a README's link) whose host or port is none is not linked at all, and the
/// validator refuses one in a page (`URLSyntax.problem(in:)`). Shared by the layers that
/// take URLs in (`SafeURL`) and that write them out (`LinkPolicy`, `URLSyntax`).
public enum URLHost {
    /// What is wrong with the host or port of `url`, or nil when both are valid or it has
    /// none (a relative URL, `mailto:`). Non-ASCII (a domain in its own script) passes, raw
    /// or percent-encoded.
    public static func problem(in url: String) -> String? {
        // Read in place: the validator asks of every URL of every page.
        var url = url
        return url.withUTF8 { problem(in: $0) }
    }

    private static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let start = authorityStart(bytes) else { return nil }
        var end = start
        while end < bytes.count, !endsAuthority(bytes[end]) { end += 1 }
        var authority = bytes[start..<end]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        var host = authority
        var port = authority[authority.endIndex...]
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return "an IPv6 host without its ]" }
            let address = authority[(authority.startIndex + 1)..<close]
            guard !address.isEmpty,
                address.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
            else { return "an IPv6 host that is no address" }
            let rest = authority[(close + 1)...]
            guard rest.isEmpty || rest.first == UInt8(ascii: ":") else { return "text after an IPv6 host" }
            host = authority[authority.startIndex..<authority.startIndex]
            port = rest.dropFirst()
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            host = authority[..<colon]
            port = authority[(colon + 1)...]
        }
        if !port.isEmpty {
            let digits = port.drop { $0 == UInt8(ascii: "0") }
            guard port.allSatisfy(isDigit), digits.count <= 5,
                digits.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) <= 65_535
            else { return "a port that is no number below 65536" }
        }
        guard authority.first != UInt8(ascii: "[") else { return nil }
        if host.isEmpty { return "no host" }
        // Each byte as the host holds it once `%XX` is decoded; a `%` without two hex digits
        // stays, and is then a forbidden character.
        var index = host.startIndex
        while index < host.endIndex {
            var byte = host[index]
            if byte == UInt8(ascii: "%"), index + 2 < host.endIndex, isHexDigit(host[index + 1]),
                isHexDigit(host[index + 2])
            {
                byte = hexValue(host[index + 1]) << 4 | hexValue(host[index + 2])
                index += 2
            }
            if isForbidden(byte) {
                return byte == 0x20 ? "a space in the host" : "'\(Character(Unicode.Scalar(byte)))' in the host"
            }
            index += 1
        }
        return nil
    }

    /// Where the authority begins: after `scheme://` or a leading `//`; nil for a URL without.
    private static func authorityStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let slash = UInt8(ascii: "/")
        if bytes.count >= 2, bytes[0] == slash, bytes[1] == slash { return 2 }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
            bytes[..<colon].allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) }),
            colon + 2 < bytes.count, bytes[colon + 1] == slash, bytes[colon + 2] == slash
        else { return nil }
        return colon + 3
    }

    /// `/`, `?`, `#` or `\`, which end the authority. Compared, not looked up in a string:
    /// the validator asks of every byte of every URL's host, every page.
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
            || byte == UInt8(ascii: "\\")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        isDigit(byte) ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
    }

    /// The URL standard's forbidden domain code points: controls, space, and `# % / : < > ? @ [ \ ] ^ |`.
    private static func isForbidden(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F || "#%/:<>?@[\\]^|".utf8.contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }
}
