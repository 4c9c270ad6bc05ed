public import Entities
import Foundation
public import PageModels
import ParallelWork

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
        /// Accounts whose Star Lists get pages (`lists_of`).
        public var listsOf: [String] = []
        public var pageSize: Int
        public var releasesPerRepository: Int
        /// Private repositories appear on no page unless the configuration says so.
        public var includePrivate: Bool
        public var starred: StarredArrangement
        /// When releases and READMEs are asked for again (`details_refresh_days`, `--full`).
        public var detailRefresh: DetailRefresh
        /// What `digest.md` holds.
        public var markdown: MarkdownDigest = .digest
        /// How owners' pictures reach the site.
        public var avatars: AvatarMode = .link
        /// Every word the site shows, in its language (`language`): the build hands in the
        /// catalogue the renderer read. With none, every text reads as its catalogue key.
        public var phrasebook = Phrasebook()
        /// GitHub's website, which the pages link where the data gives no address (a topic,
        /// a saved search, a Star List, the news): the build derives it from the API root.
        public var gitHubWeb = GitHubWeb.gitHubCom

        public init(
            title: String, starredBy: [String] = [], favourites: [Favourite] = [],
            owners: [String] = [], searches: [SavedSearch] = [], pageSize: Int = 30,
            releasesPerRepository: Int = 3, includePrivate: Bool = false,
            starred: StarredArrangement = StarredArrangement(), detailRefresh: DetailRefresh = DetailRefresh(),
            listsOf: [String] = []
        ) {
            self.listsOf = listsOf
            self.title = title
            self.starredBy = starredBy
            self.favourites = favourites
            self.owners = owners
            self.searches = searches
            self.pageSize = pageSize
            self.releasesPerRepository = releasesPerRepository
            self.includePrivate = includePrivate
            self.starred = starred
            self.detailRefresh = detailRefresh
        }
    }

    /// What one build produced: the site to publish, and the snapshot to record once it is
    /// published (a failed publish must not become the next run's "previous").
    public struct Result: Sendable {
        public var site: Site
        public var snapshot: RunSnapshot
        /// Whether the run found news (or was the first): only such a run is recorded, as the
        /// one the next run's news is found against. One without shows the latest run's news.
        public var hasNews = true
        /// The READMEs the site leaves out, with `.streamed`.
        public var readmes: ReadmeLoader?
        /// Favourites GitHub answered 404 for: deleted, or private to this token. The build
        /// goes on without them (and reports them gone if an earlier run showed them).
        public var goneFavourites: [RepoName] = []
    }

    private let source: any RepositorySource
    private let clock: any Clock
    private let history: (any HistoryStore)?

    /// - Parameter history: past runs, to report what changed; nil for a build that keeps none.
    public init(source: any RepositorySource, clock: any Clock, history: (any HistoryStore)? = nil) {
        self.source = source
        self.clock = clock
        self.history = history
    }

    public func callAsFunction(_ request: Request) async throws -> Site {
        try await build(request).site
    }

    /// Where a build puts the READMEs of the repositories it shows.
    public enum ReadmeDelivery: Sendable {
        /// In the site's repository pages.
        case inSite
        /// Left out of the site, for `Result.readmes` to read for the pages the renderer makes
        /// anew, a batch at a time; each page names its README (`RepoPage.readmeVersion`) where
        /// the source can, so an unchanged page is carried over with its README never read.
        /// The READMEs due a refresh are brought up to date while gathering, so none turns
        /// stale after the pages saying what is stale were made.
        case streamed
    }

    /// Every source gathered and translated, never stopped early. `.inSite` (READMEs in the
    /// pages) is for tests and the benchmark; a build streams them (`BuildPipeline`).
    public func build(_ request: Request, readmes delivery: ReadmeDelivery = .inSite) async throws -> Result {
        // Never stopped: `unchanged` answers false.
        try await build(request, readmes: delivery, unless: { false })!
    }

    /// The same, but nil when `unchanged` says, once every request of the run is answered
    /// (lists, favourites, the details due a refresh, avatars) and before anything is
    /// translated, that the site would not change (the releases kept from earlier runs,
    /// read while the due details were asked for, are then let go unfinished). Asked only
    /// when no source is stale and no favourite is gone (whose warning the run must still
    /// give). A run that finds nothing changed then costs its requests.
    public func build(
        _ request: Request, readmes delivery: ReadmeDelivery = .inSite,
        unless unchanged: @Sendable () async throws -> Bool
    ) async throws -> Result? {
        let streamed = delivery == .streamed
        let now = clock.now
        // The last run is read while GitHub is asked: neither needs the other.
        async let previousRun = history?.latestSnapshot()
        let gathered = try await gather(request)
        var data = gathered.data
        let gone = gathered.gone
        let load = LoadRepositoryDetail(
            source: source, releasesPerRepository: request.releasesPerRepository, readmes: !streamed,
            refresh: request.detailRefresh, now: now)
        // What GitHub is asked first, what the cache holds last: so that a run with nothing
        // new can stop before reading it.
        let repositories = data.allRepositories
        let due = await load.due(repositories)
        let unrefreshed = repositories.filter { !due.contains($0.id) }
        // The releases kept of the rest are read while GitHub answers for those due: neither
        // touches the other's answers. Stopped, as the run is, when nothing changed.
        async let keptReleases = load.keptReleases(of: unrefreshed, due: due)
        let refreshed = try await load(repositories.filter { due.contains($0.id) }, due: due)
        if request.avatars == .copy {
            data.avatars = await CollectAvatars(source: source)(repositories.map(\.owner) + data.owners.map(\.owner))
        }
        data.readmeImages = ReadmeImages(await source.readmeImages())
        data.stale = await source.staleData()
        if data.stale.isEmpty, gone.isEmpty, try await unchanged() { return nil }
        let kept = try await load(unrefreshed, due: [], kept: await keptReleases)
        data.details = Self.inOrder(repositories, due: due, refreshed: refreshed, kept: kept)
        // Again: a kept copy that no longer decodes is asked of GitHub, and may turn stale.
        data.stale = await source.staleData()

        let previous = try await previousRun
        var snapshot = data.snapshot(at: now, previous: previous)
        var changes: Changes?
        var hasNews = true
        if let history {
            (changes, hasNews) = try await news(
                of: &snapshot, previous: previous, gone: gone, starLists: data.starLists, history: history)
        }
        let loader =
            streamed
            ? ReadmeLoader(
                source: source, repositories: data.details.map(\.repo), format: DisplayFormat(request.phrasebook),
                images: data.readmeImages) : nil
        // The source names its READMEs while the site is translated: neither needs the other.
        async let versions = loader?.versions() ?? [:]
        var site = SiteTranslator(now: now, request: request).translate(data, changes: changes)
        loader?.nameREADMEs(of: &site, versions: await versions)
        // What was gathered, 10,000 repositories' details and the last run's snapshot, let
        // go of on another thread: the build need not wait for it to be freed.
        Parallel.release((data, previous))
        return Result(site: site, snapshot: snapshot, hasNews: hasNews, readmes: loader, goneFavourites: gone)
    }

    /// Every source asked at once (the starred lists, owners, searches, favourites, Star
    /// Lists, the token's owner for `@me`) and put together, each repository once; and the
    /// favourites GitHub no longer has.
    private func gather(_ request: Request) async throws -> (data: DigestData, gone: [RepoName]) {
        let includePrivate = request.includePrivate
        async let stars = CollectStarred(source: source, includePrivate: includePrivate).list(users: request.starredBy)
        async let owners = ListOwnerRepositories(source: source, includePrivate: includePrivate)(logins: request.owners)
        async let searches = SearchRepositories(source: source, includePrivate: includePrivate)(request.searches)
        async let favourites = loadFavourites(request.favourites)
        async let starLists = CollectStarLists(source: source, includePrivate: includePrivate)(
            accounts: request.listsOf)
        async let me = (request.starredBy + request.listsOf).contains("@me") ? source.tokenOwner() : nil

        let (found, gone) = try await favourites
        let starred = try await stars
        var data = DigestData(
            stars: starred.stars, favourites: found.filter { includePrivate || !$0.repo.isPrivate },
            owners: try await owners, searches: try await searches)
        data.starLists = try await starLists
        data.me = await me
        data.starredComplete = starred.isComplete
        data.starredBy = starred.starredBy
        data.sources = request.sources
        data.unifyRepositories()
        return (data, gone)
    }

    /// What changed since the last run (`previous`), and whether this run has news of its own:
    /// `snapshot` learns which repositories are gone and the news it keeps for the feeds.
    /// A run with no news shows the latest run's again, found against the run before it, and
    /// is not recorded, so the next run's news is told against the latest run too.
    private func news(
        of snapshot: inout RunSnapshot, previous: RunSnapshot?, gone: [RepoName], starLists: [StarList],
        history: any HistoryStore
    ) async throws -> (Changes, hasNews: Bool) {
        snapshot.gone = Set(
            previous?.repositories.filter { old in gone.contains { $0.matches(old.name) } }.map(\.id) ?? [])
        var changes = Changes(
            outcome: ComputeChanges()(previous: previous, current: snapshot, gone: snapshot.gone),
            since: previous?.takenAt)
        var hasNews = true
        var compared = [snapshot, previous].compactMap { $0 }
        if let previous, case .changes(let found) = changes.outcome, found.isEmpty {
            // (With no run before the latest: "No changes since".)
            hasNews = false
            if let before = try await history.snapshotBeforeLatest() {
                changes = Changes(
                    outcome: ComputeChanges()(previous: before, current: previous, gone: previous.gone),
                    since: before.takenAt)
                compared.append(before)
            }
        }
        if case .changes(let found) = changes.outcome {
            let shared = SiteTranslator.sharedNames(of: starLists).union(ChangesTranslator.sharedNames(in: compared))
            let marked = ChangesTranslator.markingApart(found, shared: shared)
            changes.outcome = .changes(marked)
            if hasNews { snapshot.news = ChangesTranslator.keptForFeeds(marked) }
        }
        // Each run kept at least an entry: as many runs hold a feed's worth.
        changes.earlier = try await history.recentNews(runs: FeedTranslator.defaultLimit)
        return (changes, hasNews)
    }

    /// The details of `repositories` in their order: those `due` from `refreshed`, the others
    /// from `kept`, each already in that order (as `LoadRepositoryDetail` gives them), so
    /// merged without 10,000 lookups by id; looked up where a detail is not the one expected.
    static func inOrder(
        _ repositories: [GitHubRepo], due: Set<GitHubRepo.ID>, refreshed: [RepositoryDetail], kept: [RepositoryDetail]
    ) -> [RepositoryDetail] {
        var (fromRefreshed, fromKept) = (refreshed.makeIterator(), kept.makeIterator())
        // Built at its size: `compactMap` grows by doubling, to room for 16,384 details of
        // some 460 bytes for 10,000, held while the site is translated.
        var merged: [RepositoryDetail] = []
        merged.reserveCapacity(repositories.count)
        for repo in repositories {
            if let detail = due.contains(repo.id) ? fromRefreshed.next() : fromKept.next() { merged.append(detail) }
        }
        if merged.count == repositories.count, zip(merged, repositories).allSatisfy({ $0.repo.id == $1.id }) {
            return merged
        }
        let details = Dictionary((refreshed + kept).map { ($0.repo.id, $0) }, uniquingKeysWith: { first, _ in first })
        return repositories.compactMap { details[$0.id] }
    }

    /// The favourites that exist, and the names of those GitHub no longer has, in the order
    /// given. Asked all at once (the HTTP client bounds how many are in flight): one after
    /// another, 100 favourites cost 100 round trips before any detail could load.
    private func loadFavourites(_ favourites: [Favourite]) async throws -> ([FavouriteRepo], gone: [RepoName]) {
        let source = self.source
        let answers = try await withThrowingTaskGroup(of: (Int, Swift.Result<GitHubRepo, RepositoryNotFound>).self) {
            group in
            for (index, favourite) in favourites.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await source.repository(favourite.name)))
                    } catch let missing as RepositoryNotFound {
                        return (index, .failure(missing))
                    } catch {
                        throw UseCaseFailure(step: "loading the favourite \(favourite.name)", underlying: error)
                    }
                }
            }
            var answers = [Swift.Result<GitHubRepo, RepositoryNotFound>?](repeating: nil, count: favourites.count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers
        }
        var found: [FavouriteRepo] = []
        var gone: [RepoName] = []
        for (favourite, answer) in zip(favourites, answers) {
            switch answer {
            case .success(let repo)?: found.append(FavouriteRepo(favourite: favourite, repo: repo))
            case .failure(let missing)?: gone.append(missing.name)
            case nil: break
            }
        }
        return (found, gone)
    }
}

extension BuildDigest.Request {
    /// What the run reads, as its snapshot records it.
    var sources: RunSources {
        RunSources(
            starredBy: starredBy, favourites: favourites.map(\.name.description), owners: owners,
            searches: searches.map(\.name), listsOf: listsOf)
    }
}

/// What `ComputeChanges` found, and since when: what the changes section translates.
struct Changes: Sendable {
    var outcome: ComputeChanges.Outcome
    var since: Date?
    /// The news earlier runs kept for the feeds (`HistoryStore.recentNews`), the latest's first.
    var earlier: [DigestChange] = []
}
