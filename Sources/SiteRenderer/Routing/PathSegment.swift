/// Turns text from the data into one safe path segment: lower-case ASCII letters, digits,
/// `-`, `_` and `.`, never empty, never `.` or `..`, never a name Windows reserves. Text that
/// had to lose characters gets a short hash of the original, so `a/b` and `a?b` stay apart.
/// Long text is cut (file systems cap a name at 255 bytes), and gets the hash as well, as
/// does a name Windows reserves (`con` → `_con-…`): so a segment is either the name itself,
/// lower-cased, or carries the hash, and a repository named `_con` starred after `con` was
/// published cannot take `con`'s file (the `Router` gives a shared segment to the first name
/// in sorted order, which a newcomer could be). So does a name that a section's folder holds
/// as a file of its own (`index.html`, `2.html`, `search.json`): a saved search named
/// `index.html` would make its folder where the Searches page is. Only `+` and `#` are spelled
/// out without a hash (`c++` → `c-plus-plus`), for the languages' readable addresses.
enum PathSegment {
    static let maxLength = 64

    static func make(_ text: String) -> String {
        plain(text) ?? general(text)
    }

    /// Most names (`swift`, `swift-nio`, `octocat`) need only lower-casing: done on their bytes,
    /// as `general` would, for the 10,000 repositories of a large site.
    static func plain(_ text: String) -> String? {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maxLength else { return nil }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes[index] += 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                break
            default: return nil
            }
        }
        let edges: [UInt8] = [UInt8(ascii: "."), UInt8(ascii: "-")]
        guard !edges.contains(bytes[0]), !edges.contains(bytes[bytes.count - 1]) else { return nil }
        let segment = String(decoding: bytes, as: UTF8.self)
        let stem = segment.split(separator: ".").first.map(String.init) ?? segment
        return reserved.contains(stem) || isFolderFile(segment) ? nil : segment
    }

    /// Whether a lower-case segment names a file a section's folder holds beside the folders
    /// of its members: a page of the section (`Router.path(for:)`) or its search index.
    static func isFolderFile(_ segment: String) -> Bool {
        if segment == "index.html" || segment == "search.json" { return true }
        let stem = segment.utf8.dropLast(5)
        return segment.hasSuffix(".html") && !stem.isEmpty && stem.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Any text, Unicode and all.
    static func general(_ text: String) -> String {
        var segment = ""
        var lossy = false
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "-", "_", ".": segment.unicodeScalars.append(scalar)
            case "+": segment += "-plus"
            case "#": segment += "-sharp"
            default:
                lossy = true
                if !segment.hasSuffix("-") { segment += "-" }
            }
        }
        // Leading dots would hide the file; trailing dots and spaces Windows drops.
        let trimmed = String(
            segment.drop { $0 == "." || $0 == "-" }.reversed().drop { $0 == "." || $0 == "-" }.reversed())
        if trimmed != segment { lossy = true }
        segment = trimmed
        if segment.isEmpty {
            segment = "x"
            lossy = true
        }
        if segment.count > maxLength {
            segment = String(segment.prefix(maxLength).reversed().drop { $0 == "." || $0 == "-" }.reversed())
            lossy = true
        }
        if reserved.contains(segment.split(separator: ".").first.map(String.init) ?? segment) || isFolderFile(segment) {
            segment = "_" + segment
            lossy = true
        }
        return lossy ? segment + "-" + hash(text) : segment
    }

    /// 8 hex digits of FNV-1a: stable across runs and machines, unlike `Hasher`.
    static func hash(_ text: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            value = (value ^ UInt32(byte)) &* 16_777_619
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Names Windows will not create, whatever the extension.
    private static let reserved: Set<String> = Set(
        ["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })
}
