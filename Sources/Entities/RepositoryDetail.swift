/// Everything a repository's own page shows: the repository, its latest releases, its README.
public struct RepositoryDetail: Sendable, Hashable {
    public var repo: GitHubRepo
    public var releases: [Release]
    public var readme: Readme?
    /// False where the source could not fetch the releases and no earlier run had kept them
    /// (a newly starred repository whose releases failed on every try): `releases` is then
    /// empty because it is not known, not because there are none.
    public var releasesKnown = true
    /// The same for the README: `readme` is nil because it is not known.
    public var readmeKnown = true

    public init(repo: GitHubRepo, releases: [Release], readme: Readme?) {
        self.repo = repo
        self.releases = releases
        self.readme = readme
    }
}
