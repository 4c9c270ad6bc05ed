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
    /// The file with each of `secrets` replaced by `[redacted]` wherever its bytes hold it;
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
                redacted += Data("[redacted]".utf8)
                rest = rest[found.upperBound...]
            }
            contents = redacted + rest
        }
        return OutputFile(path: path, contents: contents)
    }
}
