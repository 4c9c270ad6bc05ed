public import Foundation

/// What one build knew of one repository: the facts a later run compares to find changes.
public struct RepoSnapshot: Sendable, Hashable {
    public var id: GitHubRepo.ID
    public var name: RepoName
    public var stars: Int
    public var forks: Int
    public var openIssues: Int
    /// Tag of the latest published release, if any.
    public var latestRelease: String?
    /// When the latest release was published, where GitHub said.
    public var latestReleaseAt: Date?
    /// Since which run no run could fetch the releases (a repository newly starred whose
    /// releases failed): its first release known is then news only if published since. Nil
    /// where they are known.
    public var releasesUnknownSince: Date?
    public var releasesKnown: Bool { releasesUnknownSince == nil }
    public var pushedAt: Date?
    public var isArchived: Bool
    public var isStarred: Bool
    /// The accounts (of `RunSources.starredBy`) whose stars held it. Empty for a run that
    /// recorded no sources: it was starred by one of them, no one knows which.
    public var starredBy: Set<String>
    public var isFavourite: Bool
    /// The Star Lists (`lists_of`) that held it, each as `ListMembership.recorded` (account,
    /// List and name); a run recorded before Lists were told apart by their ids, the name alone.
    public var listMemberships: Set<String>

    public init(
        id: GitHubRepo.ID, name: RepoName, stars: Int, forks: Int = 0, openIssues: Int = 0,
        latestRelease: String? = nil, pushedAt: Date? = nil, isArchived: Bool = false,
        isStarred: Bool = false, isFavourite: Bool = false, starredBy: Set<String> = [],
        listMemberships: Set<String> = []
    ) {
        self.listMemberships = listMemberships
        self.id = id
        self.name = name
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.latestRelease = latestRelease
        self.pushedAt = pushedAt
        self.isArchived = isArchived
        self.isStarred = isStarred
        self.starredBy = starredBy
        self.isFavourite = isFavourite
    }
}
