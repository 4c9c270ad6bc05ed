/// What one run read: the configuration's sources at the time. A later run compares only
/// what both read, so that a configuration change is never reported as news (an account
/// left out of `starred_by` did not unstar anything).
public struct RunSources: Sendable, Hashable {
    /// Accounts whose stars were read, lower-cased (GitHub logins ignore case); `@me` as written.
    public var starredBy: Set<String>
    /// Favourites, owners and searches are recorded for the same comparison; none of their
    /// removals is a change of its own today.
    public var favourites: Set<String>
    public var owners: Set<String>
    public var searches: Set<String>
    /// Accounts whose Star Lists were read (`lists_of`), lower-cased; nil for a run recorded
    /// before they were: a List of an account only one of two runs read is no news either.
    public var listsOf: Set<String>?

    public init(
        starredBy: [String] = [], favourites: [String] = [], owners: [String] = [], searches: [String] = [],
        listsOf: [String]? = nil
    ) {
        self.starredBy = Set(starredBy.map { $0.lowercased() })
        self.favourites = Set(favourites.map { $0.lowercased() })
        self.owners = Set(owners.map { $0.lowercased() })
        self.searches = Set(searches)
        self.listsOf = listsOf.map { Set($0.map { $0.lowercased() }) }
    }
}
