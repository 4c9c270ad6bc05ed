/// A list of repositories: starred, favourites, an owner's, a search's, a language's or a
/// topic's. Long lists come as several `ListPage`s linked by their `pagination`.
public struct ListPage: Sendable, Hashable {
    public var route: Route
    public var title: String
    /// One line under the title: "42 repositories, most stars first".
    public var summary: String
    public var cards: [RepoCard]
    public var pagination: Pagination?

    public init(
        route: Route, title: String, summary: String, cards: [RepoCard],
        pagination: Pagination?
    ) {
        self.route = route
        self.title = title
        self.summary = summary
        self.cards = cards
        self.pagination = pagination
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
