public import Entities

/// Where repository data comes from: the GitHub API, or the sample bundled in the binary.
/// Use cases depend on this port only, so they are tested with an in-memory fake.
public protocol RepositorySource: Sendable {
    /// The account behind a login: a user or an organisation.
    func owner(_ login: String) async throws -> Owner
    /// Repositories a user starred, most recently starred first. Given the repositories a
    /// previous run saw starred, a source may stop asking at the first of them and take the
    /// older stars from what it kept (a repeat cron run then costs one request per account).
    func starred(by login: String, known: Set<GitHubRepo.ID>) async throws -> StarredList
    /// An owner's own public repositories.
    func repositories(of owner: Owner) async throws -> [GitHubRepo]
    /// Up to `search.limit` repositories matching a saved search, in the order GitHub ranks them.
    func search(_ search: SavedSearch) async throws -> [GitHubRepo]
    /// One repository by name, following renames; `RepositoryNotFound` when it does not exist.
    func repository(_ name: RepoName) async throws -> GitHubRepo
    /// The latest published releases of a repository, newest first, at most `limit`.
    func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release]
    /// The README, or nil when the repository has none.
    func readme(of repo: GitHubRepo) async throws -> Readme?
    /// What this source served from an earlier run because refreshing it failed, so far.
    func staleData() async -> [StaleData]
    /// The owner's picture, `size` pixels square, to publish with the site; nil when there is
    /// none to be had (no avatar, not an image, not fetched). Never throws for a picture:
    /// a missing avatar costs the site a picture, never the build.
    func avatar(of owner: Owner, size: Int) async -> Avatar?
}

extension RepositorySource {
    /// Sources that never serve old data (the sample, in-memory fakes) report none.
    public func staleData() async -> [StaleData] { [] }
    /// Sources without pictures.
    public func avatar(of owner: Owner, size: Int) async -> Avatar? { nil }
}

extension RepositorySource {
    /// Every star, read in full.
    public func starred(by login: String) async throws -> [Star] {
        try await starred(by: login, known: []).stars
    }
}
