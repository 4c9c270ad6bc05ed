import Foundation
import PageModels

/// Which URLs from the data may become links: absolute http(s) only, with a host and port
/// the URL standard accepts (`URLHost`). Anything else (`javascript:`, `data:`, relative
/// paths, URLs with spaces or control characters, `http://exa|mple.com`) is dropped.
/// Its percent-encoding is the package's one (`encoded`): the data layer builds API URLs with it.
package enum SafeURL {
    static func http(_ text: String?) -> String? {
        guard var text, !text.isEmpty else { return nil }
        if text.first!.isWhitespace || text.last!.isWhitespace {
            text = text.trimmingCharacters(in: .whitespaces)
        }
        // Byte by byte: every repository's card and page asks, a few times each.
        let bytes = Array(text.utf8)
        let scheme = bytes.prefix(8).map { $0 | 0x20 }
        let afterScheme: Int
        if scheme.starts(with: Array("https://".utf8)) {
            afterScheme = 8
        } else if scheme.starts(with: Array("http://".utf8)) {
            afterScheme = 7
        } else {
            return nil
        }
        guard afterScheme < bytes.count, bytes[afterScheme] != UInt8(ascii: "/"), bytes.allSatisfy(isAllowed),
            URLHost.problem(in: text) == nil
        else { return nil }
        return text
    }

    /// A repository's homepage as a link. GitHub keeps the field as typed, so some read
    /// `example.com/docs` with no scheme; GitHub links those anyway, and so does the site:
    /// a host name (letters, digits, dots and hyphens, with a dot, before any `/`) gets
    /// `http://`, which a site on https redirects from. Anything else is `http(_:)`'s answer.
    static func homepage(_ text: String?) -> String? {
        if let url = http(text) { return url }
        guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
        let host = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard host.contains("."), host.first != ".", host.first != "-",
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
        else { return nil }
        return http("http://" + text)
    }

    /// No spaces, control characters or characters that could end an attribute (as UTF-8:
    /// every byte of a character beyond ASCII is 0x80 or more, and allowed).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "<")
            && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "'") && byte != UInt8(ascii: "`")
            && byte != UInt8(ascii: "\\")
    }

    /// A value from the data that is a path of its own (a branch such as `feature/x`),
    /// percent-encoded but for its slashes.
    static func path(_ text: String) -> String {
        encoded(text, keeping: "/")
    }

    /// `text` percent-encoded as a path segment or query value: every byte of its UTF-8 but
    /// RFC 3986's unreserved characters (and the ASCII characters of `extra`) as `%XX`. What
    /// `addingPercentEncoding` gives, without a `CharacterSet` lookup per character: names
    /// and tags are encoded for every repository of the site, and for every API URL.
    package static func encoded(_ text: String, keeping extra: String = "") -> String {
        func kept(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                return true
            default:
                return extra.utf8.contains(byte)
            }
        }
        guard !text.utf8.allSatisfy(kept) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if kept(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The folder `levels` above `folder` (`…/blob/main/.github/` one up is `…/blob/main/`);
    /// nil where that would leave the host.
    static func folder(_ folder: String?, up levels: Int) -> String? {
        guard var folder else { return nil }
        for _ in 0..<levels {
            guard let slash = folder.dropLast().lastIndex(of: "/") else { return nil }
            folder = String(folder[...slash])
        }
        return folder.count(where: { $0 == "/" }) >= 4 ? folder : nil
    }

    /// The folder of a file's page on GitHub read as its raw files' folder:
    /// `https://github.com/o/r/blob/main/docs/README.md` → `https://github.com/o/r/raw/main/docs/`,
    /// the address GitHub's own rendering gives a README's relative images. GitHub answers it
    /// with a redirect to the file: to raw.githubusercontent.com, or for a file kept in Git
    /// LFS to the file itself, where raw.githubusercontent.com sends LFS's 130-byte pointer
    /// (a broken image). Nil when `page` is not of that shape.
    static func rawFolder(ofPage page: String?) -> String? {
        guard let folder = folder(of: page) else { return nil }
        var parts = folder.split(separator: "/", maxSplits: 5, omittingEmptySubsequences: false)
        // "https:", "", host, owner, name, "blob/REF/…/"
        guard parts.count == 6, !parts[3].isEmpty, !parts[4].isEmpty, parts[5].hasPrefix("blob/"),
            parts[5].count > "blob/".count + 1
        else { return nil }
        parts[5] = "raw/" + parts[5].dropFirst("blob/".count)
        return parts.joined(separator: "/")
    }

    /// The folder part of a URL: `https://x/a/b/README.md` → `https://x/a/b/`.
    static func folder(of text: String?) -> String? {
        // Three slashes at least: `https://host/` has a folder, `https://host` has none.
        guard let url = http(text), url.count(where: { $0 == "/" }) >= 3,
            let slash = url.lastIndex(of: "/")
        else { return nil }
        return String(url[...slash])
    }
}
