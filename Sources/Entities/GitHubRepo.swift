public import Foundation

/// A repository as GitHub describes it. Named `GitHubRepo` so it never collides with the
/// Repository (port) vocabulary of the data layer.
public struct GitHubRepo: Sendable, Hashable, Identifiable {
    /// GitHub's numeric id: stable across renames, unlike the full name.
    public struct ID: RawRepresentable, Sendable, Hashable, Comparable {
        public var rawValue: Int64
        public init(rawValue: Int64) { self.rawValue = rawValue }
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var id: ID
    public var name: RepoName
    public var owner: Owner
    public var description: String?
    public var htmlURL: String
    public var homepage: String?
    public var language: String?
    public var topics: [String]
    public var stars: Int
    public var forks: Int
    /// People watching the repository; nil when GitHub did not say (only the single-repository
    /// answer does; lists carry a legacy `watchers_count` that always equals the stars).
    public var watchers: Int?
    public var openIssues: Int
    public var license: License?
    public var isFork: Bool
    public var isArchived: Bool
    public var isPrivate: Bool
    public var defaultBranch: String
    public var createdAt: Date?
    public var updatedAt: Date?
    public var pushedAt: Date?

    public init(
        id: ID, name: RepoName, owner: Owner, description: String? = nil, htmlURL: String,
        homepage: String? = nil, language: String? = nil, topics: [String] = [],
        stars: Int = 0, forks: Int = 0, watchers: Int? = nil, openIssues: Int = 0,
        license: License? = nil, isFork: Bool = false, isArchived: Bool = false,
        isPrivate: Bool = false, defaultBranch: String = "main",
        createdAt: Date? = nil, updatedAt: Date? = nil, pushedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.owner = owner
        self.description = description
        self.htmlURL = htmlURL
        self.homepage = homepage
        self.language = language
        self.topics = topics
        self.stars = stars
        self.forks = forks
        self.watchers = watchers
        self.openIssues = openIssues
        self.license = license
        self.isFork = isFork
        self.isArchived = isArchived
        self.isPrivate = isPrivate
        self.defaultBranch = defaultBranch
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pushedAt = pushedAt
    }
}

/// A repository's licence, as GitHub detects it.
public struct License: Sendable, Hashable {
    public var spdxID: String?
    public var name: String

    public init(spdxID: String?, name: String) {
        self.spdxID = spdxID
        self.name = name
    }
}
