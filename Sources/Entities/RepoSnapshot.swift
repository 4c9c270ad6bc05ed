import Foundation

/// What one build knew of one repository: the facts a later run compares to find changes.
public struct RepoSnapshot: Sendable, Hashable {
    public var id: GitHubRepo.ID
    public var name: RepoName
    public var stars: Int
    public var forks: Int
    public var openIssues: Int
    /// Tag of the latest published release, if any.
    public var latestRelease: String?
    public var pushedAt: Date?
    public var isArchived: Bool
    public var isStarred: Bool
    /// The accounts (of `RunSources.starredBy`) whose stars held it. Empty for a run that
    /// recorded no sources: it was starred by one of them, no one knows which.
    public var starredBy: Set<String>
    public var isFavourite: Bool
    /// The names of the Star Lists (`lists_of`) that held it.
    public var lists: Set<String>

    public init(
        id: GitHubRepo.ID, name: RepoName, stars: Int, forks: Int = 0, openIssues: Int = 0,
        latestRelease: String? = nil, pushedAt: Date? = nil, isArchived: Bool = false,
        isStarred: Bool = false, isFavourite: Bool = false, starredBy: Set<String> = [], lists: Set<String> = []
    ) {
        self.lists = lists
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

/// Every repository one successful build showed, and when it ran.
public struct RunSnapshot: Sendable, Hashable {
    public var takenAt: Date
    public var repositories: [RepoSnapshot]
    /// Whether the starred lists were read to the end. A list cut short (more pages than a
    /// source reads from one list) cannot tell an unstar from a star it did not reach.
    public var starredListComplete: Bool
    /// What the run read; nil for a run recorded before sources were (it is taken to have
    /// read what the run it is compared with read, as was assumed then).
    public var sources: RunSources?

    public init(
        takenAt: Date, repositories: [RepoSnapshot], starredListComplete: Bool = true, sources: RunSources? = nil
    ) {
        self.takenAt = takenAt
        self.repositories = repositories
        self.starredListComplete = starredListComplete
        self.sources = sources
    }
}
