/// The front page: what is new and where to go next.
public struct DigestPage: Sendable, Hashable {
    public var title: String
    /// One line under the title: "48 repositories: starred by mona, 2 owners, 1 saved search", or "0 repositories".
    public var summary: String
    public var sections: [DigestSection]
    public var languages: [PageLink]
    public var topics: [PageLink]
    /// "All 94 topics", when `topics` shows only the most used of them.
    public var allTopics: PageLink?
    /// The latest releases of the repositories shown, newest first.
    public var releases: [FeedEntry]
    /// What changed since the last run; nil where no history is kept (a bare sample build).
    public var changes: ChangesSection?

    public init(
        title: String, summary: String, sections: [DigestSection], languages: [PageLink],
        topics: [PageLink], releases: [FeedEntry] = [], changes: ChangesSection? = nil
    ) {
        self.title = title
        self.summary = summary
        self.sections = sections
        self.languages = languages
        self.topics = topics
        self.releases = releases
        self.changes = changes
    }
}

/// A titled group of repositories on the digest page, with a link to the whole list.
public struct DigestSection: Sendable, Hashable {
    public var title: String
    public var cards: [RepoCard]
    public var more: PageLink?

    public init(title: String, cards: [RepoCard], more: PageLink?) {
        self.title = title
        self.cards = cards
        self.more = more
    }
}
