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
