public import Foundation

/// One file of the site: its path relative to the output folder, and its bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var contents: Data

    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }
}

extension OutputFile {
    /// The file with each of `secrets` replaced by `[redacted]` wherever its bytes hold it,
    /// and by `%5Bredacted%5D` where they stand in an address (`[` is no URL's, and the page
    /// would fail its check: nothing published for a token a README spelled in references);
    /// the file itself when none does (the common case: one search per secret).
    func redacting(_ secrets: [String]) -> OutputFile {
        var contents = contents
        for secret in secrets {
            let needle = Data(secret.utf8)
            guard contents.range(of: needle) != nil else { continue }
            var redacted = Data()
            var rest = contents[...]
            while let found = rest.range(of: needle) {
                redacted += rest[..<found.lowerBound]
                redacted += Data(
                    Self.inAddress(before: found.lowerBound, in: contents) ? "%5Bredacted%5D".utf8 : "[redacted]".utf8)
                rest = rest[found.upperBound...]
            }
            contents = redacted + rest
        }
        return OutputFile(path: path, contents: contents)
    }

    /// Whether the bytes before `index` make it part of an address: the word it stands in
    /// (back to a quote, a space, an angle bracket or a parenthesis) holds `://`, or is the
    /// value of an attribute the validator reads as an address (`HTMLChecker.urlAttributes`,
    /// `srcset`).
    static func inAddress(before index: Data.Index, in contents: Data) -> Bool {
        let stops = Set(" \t\r\n\"'<>()".utf8)
        var start = index
        while start > contents.startIndex, index - start < 4_096, !stops.contains(contents[start - 1]) { start -= 1 }
        if contents[start..<index].range(of: Data("://".utf8)) != nil { return true }
        // `NAME="` or `NAME='` just before the word.
        var end = start - 1
        guard end > contents.startIndex, [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(contents[end]),
            contents[end - 1] == UInt8(ascii: "=")
        else { return false }
        end -= 1
        var name = end
        while name > contents.startIndex, end - name < 16, (0x61...0x7A).contains(contents[name - 1]) { name -= 1 }
        let attribute = String(decoding: contents[name..<end], as: UTF8.self)
        return attribute == "srcset" || HTMLChecker.urlAttributes.contains(attribute)
    }
}
