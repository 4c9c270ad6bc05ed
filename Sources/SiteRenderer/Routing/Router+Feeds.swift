public import PageModels

/// Where the feeds and the Markdown digest point: they are read away from the site, so every
/// link is absolute.
extension Router {
    /// A feed entry's link: a release's page on GitHub; for a star, the repository's page on
    /// this site when its address is known, else the repository on GitHub; for another change,
    /// GitHub (a repository gone or unstarred has no page here).
    public func link(for entry: FeedEntry) -> String {
        switch entry.kind {
        case .release, .change: return URLSyntax.valid(entry.url)
        case .starred: return entry.route.flatMap(url(for:)) ?? URLSyntax.valid(entry.url)
        }
    }

    /// A repository's link away from the site: its page here when the address is known, else GitHub.
    public func link(for card: RepoCard) -> String {
        url(for: card.route) ?? URLSyntax.valid(card.gitHubURL)
    }

    /// What the ids inside an entry's content begin with: drawn from the entry's own id, not
    /// its place in the feed, so an entry's HTML stays as it was when newer entries push it
    /// down (a reader that compares content would otherwise show it as updated each run).
    static func contentIDPrefix(for entry: FeedEntry) -> String { "entry-\(PathSegment.hash(entry.id))-" }

    /// The feed's own id: the site's address, or a name derived from its title when there is
    /// none (an id must never change, and must be a URI).
    func feedID(title: String) -> String {
        url(for: .digest) ?? "urn:repodigest:" + PathSegment.make(title)
    }
}
