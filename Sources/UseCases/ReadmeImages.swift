import Entities
import Foundation

/// The images READMEs show that a build publishes itself (`RepositorySource.readmeImages`):
/// each one's file in the site, named after its URL so that a reader of the folder can tell
/// what it is, and which URL shows which file.
public struct ReadmeImages: Sendable, Hashable {
    /// File name → contents.
    var files: [String: [UInt8]] = [:]
    /// URL → file name.
    var names: [String: String] = [:]

    init() {}

    var isEmpty: Bool { names.isEmpty }

    init(_ images: [ReadmeImage]) {
        for image in images.sorted(by: { $0.url < $1.url }) where names[image.url] == nil {
            var name = Self.fileName(url: image.url, format: image.format)
            var number = 2
            while files[name] != nil {
                name = Self.fileName(url: image.url, format: image.format, number: number)
                number += 1
            }
            files[name] = [UInt8](image.data)
            names[image.url] = name
        }
    }

    /// `lumen-labs-lantern-docs-logo.svg` for a repository's file on raw.githubusercontent.com
    /// or github.com (`/raw/` and its branch left out), `img.shields.io-badge-ci-green.svg` for any other: every
    /// character but a letter, digit, `.` or `-` a hyphen, at most 60 characters (the end of
    /// a longer URL, which names the file), in the format's extension.
    static func fileName(url: String, format: Avatar.Format, number: Int = 1) -> String {
        var parts = (url.range(of: "://").map { String(url[$0.upperBound...]) } ?? url).split(separator: "/")
        if parts.first == "raw.githubusercontent.com", parts.count > 4 { parts.remove(at: 3) }
        if parts.first == "github.com", parts.count > 5, parts[3] == "raw" { parts.removeSubrange(3...4) }
        if parts.first == "raw.githubusercontent.com" || parts.first == "github.com" { parts.removeFirst() }
        var name = ""
        for scalar in parts.joined(separator: "/").lowercased().unicodeScalars {
            let keep = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-")
            if keep {
                name.unicodeScalars.append(scalar)
            } else if !name.hasSuffix("-") {
                name += "-"
            }
        }
        let ext = "." + format.rawValue
        if name.hasSuffix(ext) { name.removeLast(ext.count) }
        let suffix = (number > 1 ? "-\(number)" : "") + ext
        let limit = 60 - suffix.count
        if name.count > limit {
            // Cut at a hyphen, so no word is left in part.
            let end = name.suffix(limit)
            name = String(end.firstIndex(of: "-").map { end[end.index(after: $0)...] } ?? end)
        }
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return (name.isEmpty ? "image" : name) + suffix
    }
}
