/// The READMEs of a site's repository pages, when the site does not carry them: a build
/// from the cache alone reads each as its page is rendered, rather than holding every one
/// (some 110 MB of Markdown for 10,000 repositories) from gathering to the last page.
public protocol DeferredReadmes: Sendable {
    /// The README of each page, in the order given; nil for a repository that has none.
    func readmes(for pages: [RepoPage]) async throws -> [MarkdownText?]
}
