public import Entities

/// Where repository data comes from: the GitHub API, or the sample bundled in the binary.
/// Use cases depend on this port only, so they are tested with an in-memory fake.
public protocol RepositorySource: Sendable {
    /// The account behind a login: a user or an organisation.
    func owner(_ login: String) async throws -> Owner
    /// Repositories a user starred, most recently starred first, read to the end of the list
    /// (a live source asks for every page conditionally, so unchanged pages cost a free 304),
    /// or as far as a source reads one list (`isComplete` says which).
    func starsRead(by login: String) async throws -> StarsRead
    /// An owner's own repositories: public ones, and for the token's own account its private
    /// ones too (the use cases decide whether to show them).
    func repositories(of owner: Owner) async throws -> [GitHubRepo]
    /// Up to `search.limit` repositories matching a saved search, in the order GitHub ranks them.
    func search(_ search: SavedSearch) async throws -> [GitHubRepo]
    /// One repository by name, following renames; `RepositoryNotFound` when it does not exist.
    func repository(_ name: RepoName) async throws -> GitHubRepo
    /// The latest published releases of a repository, newest first, at most `limit`.
    func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release]
    /// The README, or nil when the repository has none.
    func readme(of repo: GitHubRepo) async throws -> Readme?
    /// What this source kept of each repository's releases and README from an earlier run,
    /// and at which `pushed_at`; a repository it keeps nothing for is left out (and asked for).
    func keptDetails(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: KeptDetail]
    /// The releases as `releases(of:limit:)`, or, `from: .kept`, the copy an earlier run kept,
    /// without asking, when there is one. `DetailNotFetched` where they could not be had and
    /// none were kept (this and `readme(of:from:)`, `refreshReadme(of:)`): shown as not known.
    func releases(of repo: GitHubRepo, limit: Int, from origin: DetailOrigin) async throws -> [Release]
    /// The releases `releases(of:limit:from:)` would give for each of `repos` that this source
    /// can give at once, without asking anyone: what it kept for those not `due` (and, offline,
    /// for all). Left out where it cannot tell that way (nothing kept, more pages to read):
    /// those are asked for one repository at a time.
    func keptReleases(of repos: [GitHubRepo], due: Set<GitHubRepo.ID>, limit: Int) async -> [GitHubRepo.ID: [Release]]
    /// The README as `readme(of:)`, or, `from: .kept`, the copy an earlier run kept.
    func readme(of repo: GitHubRepo, from origin: DetailOrigin) async throws -> Readme?
    /// Brings this source's copy of the README up to date, as `readme(of:)` would, without
    /// reading it: for a build that reads READMEs only for the pages it makes anew
    /// (`ReadmeLoader`), after everything that could turn stale has.
    func refreshReadme(of repo: GitHubRepo) async throws
    /// What names the README this source holds for each repository, without reading it: the
    /// same name, the same README. Left out where it cannot tell.
    func readmeVersions(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: String]
    /// What this source served from an earlier run because refreshing it failed, so far.
    func staleData() async -> [StaleData]
    /// The owner's picture, `size` pixels square, to publish with the site; nil when there is
    /// none to be had (no avatar, not an image, not fetched). Never throws for a picture:
    /// a missing avatar costs the site a picture, never the build.
    func avatar(of owner: Owner, size: Int) async -> Avatar?
    /// Images READMEs show that this source holds itself, for the site to publish so that
    /// they show without a network (the sample's drawings). A live source has none: copying
    /// a README's images would mean fetching from any host at build time, and an SVG
    /// published beside the pages could run script when opened on its own.
    func readmeImages() async -> [ReadmeImage]

    /// Every Star List of an account (`@me`: the token's owner), each with its repositories.
    func starLists(of account: String) async throws -> [StarList]
    /// The login of the token's owner, whom `@me` names: what the pages call that account.
    /// Nil when the source cannot tell (no token, or no answer and none kept); the pages then
    /// say `@me`. Never throws: it costs the site a name, never the build.
    func tokenOwner() async -> String?
}

extension RepositorySource {
    /// Sources that know no Star Lists (in-memory fakes) have none.
    public func starLists(of account: String) async throws -> [StarList] { [] }
    /// Sources with no token (the sample, in-memory fakes) know no owner of one.
    public func tokenOwner() async -> String? { nil }
}

extension RepositorySource {
    /// Sources that never serve old data (the sample, in-memory fakes) report none.
    public func staleData() async -> [StaleData] { [] }
    /// Sources without pictures.
    public func avatar(of owner: Owner, size: Int) async -> Avatar? { nil }
    /// Sources whose READMEs' images stay on the network.
    public func readmeImages() async -> [ReadmeImage] { [] }
}

extension RepositorySource {
    /// Every star.
    public func starred(by login: String) async throws -> [Star] {
        try await starsRead(by: login).stars
    }
}

extension RepositorySource {
    /// Sources that keep nothing between runs (the sample, in-memory fakes) ask every time.
    public func keptDetails(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: KeptDetail] { [:] }
    /// Every repository's releases are asked for on their own.
    public func keptReleases(of repos: [GitHubRepo], due: Set<GitHubRepo.ID>, limit: Int) async
        -> [GitHubRepo.ID: [Release]]
    { [:] }
    /// Nothing to refresh: the README is asked for when it is read.
    public func refreshReadme(of repo: GitHubRepo) async throws {}
    /// Nothing is named: every README is read.
    public func readmeVersions(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: String] { [:] }

    public func releases(of repo: GitHubRepo, limit: Int, from origin: DetailOrigin) async throws -> [Release] {
        try await releases(of: repo, limit: limit)
    }

    public func readme(of repo: GitHubRepo, from origin: DetailOrigin) async throws -> Readme? {
        try await readme(of: repo)
    }
}
