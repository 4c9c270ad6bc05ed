/// READMEs for some of a site's repository pages, handed to the renderer when the site does
/// not carry them: a build reads them a batch at a time, and only for the pages it renders,
/// rather than holding every one (some 110 MB of Markdown for 10,000 repositories) from
/// gathering to the last page. The renderer only receives them; where they come from is not
/// its business.
public struct ReadmeBatch: Sendable, Equatable {
    /// Indices into `Site.repositories`.
    public var pages: [Int]
    /// The README of each page, in the order of `pages`; nil for a repository that has none.
    public var readmes: [MarkdownText?]
    /// The pages (of `pages`) whose README could not be fetched and was not kept: nil in
    /// `readmes` because it is not known (`RepoPage.readmeKnown`), not because there is none.
    public var notFetched: Set<Int>

    public init(pages: [Int], readmes: [MarkdownText?], notFetched: Set<Int> = []) {
        precondition(pages.count == readmes.count, "one README (or nil) per page")
        self.pages = pages
        self.readmes = readmes
        self.notFetched = notFetched
    }
}

/// Where a build whose site leaves READMEs out (`RepoPage.readmeVersion`) reads them: the use
/// cases' `ReadmeLoader`, asked only for the repository pages the build makes anew.
public protocol ReadmeSupply: Sendable {
    /// The READMEs of `pages` (indices into `site.repositories`), in their order, a batch at a time.
    func batches(for site: Site, pages: [Int]) -> any AsyncSequence<ReadmeBatch, any Error>
}
