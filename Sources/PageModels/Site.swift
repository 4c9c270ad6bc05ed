/// Everything one build publishes, as page models. The renderer needs nothing else.
public struct Site: Sendable, Hashable {
    public var title: String
    /// "22 Nov 2026, 03:00 UTC".
    public var generatedText: String
    /// ISO 8601, for `<time datetime>`, feeds and `digest.json`.
    public var generatedISO: String
    /// The site-wide navigation, in order.
    public var navigation: [PageLink]
    public var digest: DigestPage
    /// Every list page (starred, favourites, each owner's, search's, Star List's, language's and
    /// topic's; a long list's each page): not `starLists`, the Star Lists themselves.
    public var listPages: [ListPage]
    public var repositories: [RepoPage]
    /// What is new, newest first: the entries of the feeds.
    public var feed: [FeedEntry]
    /// Shown on every page: which data is old because it could not be refreshed.
    public var notices: [Notice]
    /// Every topic with how many repositories carry it, most used first: the "All topics"
    /// page, where the digest lists only the most used.
    public var topics: [PageLink] = []
    /// Every language with how many repositories are written in it, most used first: the
    /// "All languages" page.
    public var languages: [PageLink] = []
    /// Every Star List the site shows, in the navigation's order: the page of every List,
    /// which the navigation links instead of each List when there are several.
    public var starLists: [StarListEntry] = []
    /// The whole list for `digest.md`, grouped by language with a table of contents, as
    /// starred-list generators write it; nil for `digest.md` as the digest page.
    public var markdownList: [CardGroup]?
    /// Owners' pictures the site publishes itself, by file name (`AvatarImage.file`).
    public var avatars: [String: [UInt8]] = [:]
    /// The words of the site's language, for the templates and the renderer's own text (feeds,
    /// `digest.md`, README alerts); the translators already built the page models' text from it.
    public var phrasebook = Phrasebook()
    /// Images READMEs show that the site publishes itself, by file name (`MarkdownText.localImages`).
    public var readmeImages: [String: [UInt8]] = [:]
    /// The repositories whose releases the site offers to follow in a feed reader
    /// (`releases.opml`): the starred and the favourites, each once, by name without regard
    /// to case. Owners' and searches' are left out: the user follows those lists, not each
    /// repository in them.
    public var followed: [FollowedRepository] = []

    public init(
        title: String, generatedText: String, generatedISO: String, navigation: [PageLink],
        digest: DigestPage, listPages: [ListPage], repositories: [RepoPage], feed: [FeedEntry] = [],
        notices: [Notice] = []
    ) {
        self.title = title
        self.generatedText = generatedText
        self.generatedISO = generatedISO
        self.navigation = navigation
        self.digest = digest
        self.listPages = listPages
        self.repositories = repositories
        self.feed = feed
        self.notices = notices
    }
}

/// A repository `Site.followed` names: what its releases feed is found by.
public struct FollowedRepository: Sendable, Hashable {
    /// "owner/name".
    public var fullName: String
    /// Its page on GitHub; its releases and their feed are below it.
    public var gitHubURL: String

    public init(fullName: String, gitHubURL: String) {
        self.fullName = fullName
        self.gitHubURL = gitHubURL
    }
}

/// A Star List as the page of every List shows it (`Site.starLists`).
public struct StarListEntry: Sendable, Hashable {
    /// Its name, as the navigation shows it (with its account where two share a name).
    public var title: String
    public var route: Route
    /// "List" or "Private List".
    public var label: String
    /// Seen only with the owner's token (`include_private`): the page of every List says so.
    public var isPrivate: Bool
    public var description: String?
    /// "12 repositories".
    public var count: String

    public init(
        title: String, route: Route, label: String, isPrivate: Bool = false, description: String?, count: String
    ) {
        self.title = title
        self.route = route
        self.label = label
        self.isPrivate = isPrivate
        self.description = description
        self.count = count
    }
}
