/// Where a page lives, logically. The renderer's `Router` is the one place that turns a route
/// into a file path and a link, so page models never spell out a URL of the site.
public struct Route: Sendable, Hashable, Comparable {
    public enum Kind: Sendable, Hashable, Comparable {
        case digest
        case favourites
        case starred
        case repository(owner: String, name: String)
        case owner(login: String)
        case search(name: String)
        /// A Star List, by its account (as configured) and GitHub's slug.
        case starList(account: String, slug: String)
        case language(name: String)
        case topic(name: String)
        /// Every topic, linked to its list.
        case topics
        /// Every language, linked to its list.
        case languages
        /// Every Star List, linked to its page.
        case starLists
        /// Every owner with a page, linked to it.
        case owners
        /// Every saved search, linked to its page.
        case searches
        case notFound
    }

    public var kind: Kind
    /// 1-based page number of a paginated list; 1 for every other page.
    public var page: Int

    public init(_ kind: Kind, page: Int = 1) {
        self.kind = kind
        self.page = page
    }

    public static let digest = Route(.digest)
    public static let notFound = Route(.notFound)
    public static let topics = Route(.topics)
    public static let languages = Route(.languages)
    public static let starLists = Route(.starLists)
    public static let owners = Route(.owners)
    public static let searches = Route(.searches)

    public static func < (lhs: Route, rhs: Route) -> Bool {
        (lhs.kind, lhs.page) < (rhs.kind, rhs.page)
    }

    /// The same list, another page.
    public func page(_ number: Int) -> Route { Route(kind, page: number) }
}

/// A titled link to another page of the site, with an optional count ("Swift (12)").
public struct PageLink: Sendable, Hashable {
    public var title: String
    public var route: Route
    public var count: Int?
    /// The colour that marks it, `#rrggbb`: a language's, as GitHub colours it; nil for most links.
    public var color: String?

    public init(title: String, route: Route, count: Int? = nil, color: String? = nil) {
        self.title = title
        self.route = route
        self.count = count
        self.color = color
    }
}
