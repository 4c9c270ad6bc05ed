/// A repository as it appears in a list: everything already formatted for display.
public struct RepoCard: Sendable, Hashable {
    public var route: Route
    public var fullName: String
    public var description: String?
    public var language: PageLink?
    public var topics: [PageLink]
    public var stars: Int
    /// `stars` for people: "1.2k".
    public var starsText: String
    public var forksText: String
    /// "Pushed 3 Nov 2026", or nil when GitHub gave no date.
    public var pushedText: String?
    /// "Starred 20 Nov 2026" on starred lists.
    public var starredText: String?
    public var badges: [Badge]
    /// The repository on GitHub (always https).
    public var gitHubURL: String
    /// The reader's note on a favourite: why it was pinned.
    public var note: String?
    /// GitHub's colour for the language, `#rrggbb`; nil for a language without one.
    public var languageColor: String?
    /// The owner's picture.
    public var avatar: AvatarImage?
    /// The Star Lists that hold it, each linking to its page; on a List's own page, only the
    /// others (the reader knows which List they are on).
    public var lists: [PageLink] = []
    /// What comes before `lists`, from the site's catalogue: "In" (`card.in_lists`), or "Also
    /// in" on a List's own page (`card.also_in_lists`).
    public var listsLabel = ""

    public init(
        route: Route, fullName: String, description: String?, language: PageLink?,
        topics: [PageLink], stars: Int, starsText: String, forksText: String,
        pushedText: String?, starredText: String?, badges: [Badge], gitHubURL: String,
        note: String? = nil, languageColor: String? = nil, avatar: AvatarImage? = nil
    ) {
        self.avatar = avatar
        self.note = note
        self.languageColor = languageColor
        self.route = route
        self.fullName = fullName
        self.description = description
        self.language = language
        self.topics = topics
        self.stars = stars
        self.starsText = starsText
        self.forksText = forksText
        self.pushedText = pushedText
        self.starredText = starredText
        self.badges = badges
        self.gitHubURL = gitHubURL
    }
}

/// A short label shown beside a repository's name.
public enum Badge: String, Sendable, Hashable, CaseIterable {
    case favourite = "Favourite"
    case archived = "Archived"
    case fork = "Fork"
}
