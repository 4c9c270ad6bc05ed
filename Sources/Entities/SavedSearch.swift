/// A repository search the digest runs on every build.
public struct SavedSearch: Sendable, Hashable {
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        case bestMatch = "best-match"
        case stars
        case forks
        case updated
    }

    public var name: String
    /// GitHub search syntax, e.g. `static site generator language:swift`.
    public var query: String
    public var sort: Sort
    /// How many results to keep; the API never returns more than 1,000.
    public var limit: Int

    public init(name: String, query: String, sort: Sort = .bestMatch, limit: Int = 30) {
        self.name = name
        self.query = query
        self.sort = sort
        self.limit = limit
    }
}
