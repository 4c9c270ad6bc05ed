public import Entities
public import PageModels

/// The batch job behind `repodigest build`: gathers every source the configuration names,
/// loads each shown repository's details, and translates it all into the site's page models.
public struct BuildDigest: Sendable {
    /// What to build: the configuration, as the use case needs it.
    public struct Request: Sendable, Hashable {
        public var title: String
        public var starredBy: [String]
        public var favourites: [Favourite]
        public var owners: [String]
        public var searches: [SavedSearch]
        public var pageSize: Int
        public var releasesPerRepository: Int
        /// Private repositories appear on no page unless the configuration says so.
        public var includePrivate: Bool
        public var starred: StarredArrangement

        public init(
            title: String, starredBy: [String] = [], favourites: [Favourite] = [],
            owners: [String] = [], searches: [SavedSearch] = [], pageSize: Int = 30,
            releasesPerRepository: Int = 3, includePrivate: Bool = false,
            starred: StarredArrangement = StarredArrangement()
        ) {
            self.title = title
            self.starredBy = starredBy
            self.favourites = favourites
            self.owners = owners
            self.searches = searches
            self.pageSize = pageSize
            self.releasesPerRepository = releasesPerRepository
            self.includePrivate = includePrivate
            self.starred = starred
        }
    }

    private let source: any RepositorySource
    private let clock: any Clock

    public init(source: any RepositorySource, clock: any Clock) {
        self.source = source
        self.clock = clock
    }

    public func callAsFunction(_ request: Request) async throws -> Site {
        let shown = request.includePrivate
        async let stars = CollectStarred(source: source, includePrivate: shown)(users: request.starredBy)
        async let owners = ListOwnerRepositories(source: source, includePrivate: shown)(logins: request.owners)
        async let searches = SearchRepositories(source: source, includePrivate: shown)(request.searches)
        async let favourites = loadFavourites(request.favourites).filter { shown || !$0.repo.isPrivate }

        var data = DigestData(
            stars: try await stars, favourites: try await favourites,
            owners: try await owners, searches: try await searches)
        data.unifyRepositories()
        let load = LoadRepositoryDetail(
            source: source, releasesPerRepository: request.releasesPerRepository)
        data.details = try await load(data.allRepositories)
        data.stale = await source.staleData()
        return SiteTranslator(now: clock.now, request: request).translate(data)
    }

    private func loadFavourites(_ favourites: [Favourite]) async throws -> [FavouriteRepo] {
        var result: [FavouriteRepo] = []
        for favourite in favourites {
            do {
                result.append(
                    FavouriteRepo(favourite: favourite, repo: try await source.repository(favourite.name)))
            } catch {
                throw UseCaseFailure(step: "loading the favourite \(favourite.name)", underlying: error)
            }
        }
        return result
    }
}

/// A favourite and the repository it names.
struct FavouriteRepo: Sendable, Hashable {
    var favourite: Favourite
    var repo: GitHubRepo
}

/// Every entity one build gathered, before translation.
struct DigestData: Sendable {
    var stars: [Star]
    var favourites: [FavouriteRepo]
    var owners: [OwnerRepositories]
    var searches: [SearchResult]
    var details: [RepositoryDetail] = []
    /// What the source served from an earlier run; the pages say so.
    var stale: [StaleData] = []

    /// The same repository (by id) can arrive with different data, say renamed between two
    /// answers. The first seen, in `allRepositories` order, is shown everywhere, so every
    /// card of it links to its one page.
    mutating func unifyRepositories() {
        var canonical: [GitHubRepo.ID: GitHubRepo] = [:]
        for repo in allRepositories { canonical[repo.id] = repo }
        func unified(_ repo: GitHubRepo) -> GitHubRepo { canonical[repo.id] ?? repo }
        stars = stars.map { Star(repo: unified($0.repo), starredAt: $0.starredAt) }
        favourites = favourites.map { FavouriteRepo(favourite: $0.favourite, repo: unified($0.repo)) }
        owners = owners.map { OwnerRepositories(owner: $0.owner, repos: $0.repos.map(unified)) }
        searches = searches.map { SearchResult(search: $0.search, repos: $0.repos.map(unified)) }
    }

    /// Each repository shown anywhere, once, in a stable order: stars, favourites, owners', searches'.
    var allRepositories: [GitHubRepo] {
        var seen = Set<GitHubRepo.ID>()
        let all = stars.map(\.repo) + favourites.map(\.repo)
            + owners.flatMap(\.repos) + searches.flatMap(\.repos)
        return all.filter { seen.insert($0.id).inserted }
    }
}
