/// Everything a repository's own page shows: the repository, its latest releases, its README.
public struct RepositoryDetail: Sendable, Hashable {
    public var repo: GitHubRepo
    public var releases: [Release]
    public var readme: Readme?

    public init(repo: GitHubRepo, releases: [Release], readme: Readme?) {
        self.repo = repo
        self.releases = releases
        self.readme = readme
    }
}
