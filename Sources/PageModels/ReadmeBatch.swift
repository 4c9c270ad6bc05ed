/// READMEs for some of a site's repository pages, handed to the renderer when the site does
/// not carry them: a build from the cache alone streams them a batch at a time, rather than
/// holding every one (some 110 MB of Markdown for 10,000 repositories) from gathering to the
/// last page. The renderer only receives them; where they come from is not its business.
public struct ReadmeBatch: Sendable, Equatable {
    /// Indices into `Site.repositories`.
    public var pages: [Int]
    /// The README of each page, in the order of `pages`; nil for a repository that has none.
    public var readmes: [MarkdownText?]

    public init(pages: [Int], readmes: [MarkdownText?]) {
        precondition(pages.count == readmes.count, "one README (or nil) per page")
        self.pages = pages
        self.readmes = readmes
    }
}
