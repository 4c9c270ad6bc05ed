/// A list of repositories: starred, favourites, an owner's, a search's, a Star List's, a
/// language's or a topic's. Long lists come as several `ListPage`s linked by their `pagination`.
public struct ListPage: Sendable, Hashable {
    public var route: Route
    public var title: String
    /// One line under the title: "42 repositories tagged cli".
    public var summary: String
    /// Where `summary` shows names (the logins whose stars these are, a language, a topic), in
    /// characters, in order: a page keeps each whole on a line, where "swift-" would end one
    /// and "server" begin the next.
    public var summaryNames: [Range<Int>] = []
    /// The cards of this page in groups ("Swift", "Rust", …); one untitled group when the
    /// list is not grouped.
    public var groups: [CardGroup]
    public var pagination: Pagination?
    /// The same list on GitHub (an owner's profile, a search), when there is one.
    public var gitHubURL: String?
    /// Long enough to be worth a filter box.
    public var isFilterable: Bool
    /// The owner's picture, on an owner's page: its heading shows it, as GitHub's profile does.
    public var avatar: AvatarImage?
    /// On an owner's page, whether the owner is an organisation (`RepoCard.ownerIsOrganisation`).
    public var isOrganisation = false

    /// Every card of this page, in order; a repository listed under several groups comes
    /// once per group. Setting it makes the list ungrouped.
    public var cards: [RepoCard] {
        get { groups.flatMap(\.cards) }
        set { groups = [CardGroup(title: nil, cards: newValue)] }
    }

    public init(
        route: Route, title: String, summary: String, groups: [CardGroup], pagination: Pagination?,
        gitHubURL: String? = nil, isFilterable: Bool = false, summaryNames: [Range<Int>] = []
    ) {
        self.route = route
        self.title = title
        self.summary = summary
        self.summaryNames = summaryNames
        self.groups = groups
        self.pagination = pagination
        self.gitHubURL = gitHubURL
        self.isFilterable = isFilterable
    }
}

/// Cards under one heading of a grouped list ("Swift", "static-site", "No language").
public struct CardGroup: Sendable, Hashable {
    /// Nil for the one group of an ungrouped list.
    public var title: String?
    public var cards: [RepoCard]

    public init(title: String?, cards: [RepoCard]) {
        self.title = title
        self.cards = cards
    }
}

/// Where a page sits in a paginated list.
public struct Pagination: Sendable, Hashable {
    public var page: Int
    public var pageCount: Int
    public var previous: Route?
    public var next: Route?

    public init(page: Int, pageCount: Int, previous: Route?, next: Route?) {
        self.page = page
        self.pageCount = pageCount
        self.previous = previous
        self.next = next
    }
}
