public import Foundation

/// An image READMEs show, held by the source itself so that the site can publish it and a
/// README shows it without a network: the bundled sample's drawings. A live source holds
/// none; a README's images stay where GitHub serves them.
public struct ReadmeImage: Sendable, Hashable {
    /// The absolute URL READMEs show it from, as their relative paths resolve on GitHub
    /// (`https://github.com/OWNER/NAME/raw/main/docs/logo.svg`).
    public var url: String
    public var data: Data
    public var format: Avatar.Format

    public init(url: String, data: Data, format: Avatar.Format) {
        self.url = url
        self.data = data
        self.format = format
    }
}
