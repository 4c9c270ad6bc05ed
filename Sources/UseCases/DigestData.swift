import Entities
import Foundation

/// A favourite and the repository it names.
struct FavouriteRepo: Sendable, Hashable {
    var favourite: Favourite
    var repo: GitHubRepo
}

/// Every entity one build gathered, before translation.
struct DigestData: Sendable {
    var stars: [Star] { didSet { unifiedRepositories = nil } }
    var favourites: [FavouriteRepo] { didSet { unifiedRepositories = nil } }
    var owners: [OwnerRepositories] { didSet { unifiedRepositories = nil } }
    var searches: [SearchResult] { didSet { unifiedRepositories = nil } }
    /// The Star Lists of `lists_of`, as shown (private ones only when asked).
    var starLists: [StarList] = [] { didSet { unifiedRepositories = nil } }
    var details: [RepositoryDetail] = []
    /// What the source served from an earlier run; the pages say so.
    var stale: [StaleData] = []
    /// Whether every starred list was read to its end (see `StarsRead`).
    var starredComplete = true
    /// Whose starred list held each repository (`StarsRead.starredBy`).
    var starredBy: [GitHubRepo.ID: Set<String>] = [:]
    /// What the configuration named: recorded with the snapshot.
    var sources: RunSources?
    /// The login of the token's owner, when `@me` is read and the source could tell.
    var me: String?
    /// Owners' pictures by login, lower-cased, when the site publishes them itself.
    var avatars: [String: Avatar] = [:]
    /// Images READMEs show that the source holds itself (`RepositorySource.readmeImages`).
    var readmeImages = ReadmeImages()
    /// `allRepositories` as `unifyRepositories()` left it; nil again once a list it comes
    /// from changes. A build asks for them four times: 10,000 repositories gathered again each time.
    var unifiedRepositories: [GitHubRepo]? = nil

    /// An account as the pages name it: `@me` as its login, where known.
    func shown(_ account: String) -> String { account == "@me" ? me ?? account : account }

    /// The same repository (by id) can arrive with different data, say renamed between two
    /// answers. The first seen, in `allRepositories` order, is shown everywhere, so every
    /// card of it links to its one page.
    ///
    /// One name can arrive with two ids: a repository deleted and made again (or a name given
    /// up and taken) while one source's answer is an older copy. GitHub has one repository of
    /// a name at a time, so the one created last is it, and stands for both; both would be
    /// two pages at one path.
    mutating func unifyRepositories() {
        var all = gathered
        // Positions, not copies: a repository's value runs to some twenty fields to retain.
        var named: [RepoName: Int] = [:]
        named.reserveCapacity(all.count)
        var older = Set<Int>()
        for (index, repo) in all.enumerated() {
            guard let other = named[repo.name] else {
                named[repo.name] = index
                continue
            }
            let isNewer = (repo.createdAt ?? .distantPast) > (all[other].createdAt ?? .distantPast)
            older.insert(isNewer ? other : index)
            if isNewer { named[repo.name] = index }
        }
        if !older.isEmpty {
            all = all.indices.filter { !older.contains($0) }.map { all[$0] }
            named = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })
        }
        var position: [GitHubRepo.ID: Int] = [:]
        position.reserveCapacity(all.count)
        for (index, repo) in all.enumerated() { position[repo.id] = index }
        func unified(_ repo: GitHubRepo) -> GitHubRepo {
            (position[repo.id] ?? named[repo.name]).map { all[$0] } ?? repo
        }
        // The stars, each repository once and first in `allRepositories`, are the canonical
        // copies already: 10,000 of them at a time need no copying. But where a name came
        // with two ids, a star of the older one is a star of the one kept, counted once.
        if !older.isEmpty {
            var seen = Set<GitHubRepo.ID>()
            stars = stars.compactMap { star in
                var star = star
                star.repo = unified(star.repo)
                return seen.insert(star.repo.id).inserted ? star : nil
            }
        }
        favourites = favourites.map { FavouriteRepo(favourite: $0.favourite, repo: unified($0.repo)) }
        owners = owners.map { OwnerRepositories(owner: $0.owner, repos: $0.repos.map(unified)) }
        searches = searches.map { SearchResult(search: $0.search, repos: $0.repos.map(unified)) }
        starLists = starLists.map { list in
            var list = list
            list.repositories = list.repositories.map(unified)
            return list
        }
        unifiedRepositories = all
    }

    /// Each repository shown anywhere, once (by id; by name too once `unifyRepositories()`
    /// has run), in a stable order: stars, favourites, owners', searches', Star Lists'.
    var allRepositories: [GitHubRepo] { unifiedRepositories ?? gathered }

    private var gathered: [GitHubRepo] {
        var seen = Set<GitHubRepo.ID>()
        // One array, at most the size of all of them: not each source's copy, then their sum,
        // then a filter grown by doubling past what it keeps.
        var all: [GitHubRepo] = []
        all.reserveCapacity(
            stars.count + favourites.count + owners.reduce(0) { $0 + $1.repos.count }
                + searches.reduce(0) { $0 + $1.repos.count } + starLists.reduce(0) { $0 + $1.repositories.count })
        func add(_ repo: GitHubRepo) { if seen.insert(repo.id).inserted { all.append(repo) } }
        for star in stars { add(star.repo) }
        for favourite in favourites { add(favourite.repo) }
        for repo in owners.lazy.flatMap(\.repos) { add(repo) }
        for repo in searches.lazy.flatMap(\.repos) { add(repo) }
        for repo in starLists.lazy.flatMap(\.repositories) { add(repo) }
        return all
    }

    /// What this run knew of each repository it shows, for the next run to compare with.
    /// After an incomplete read of the starred lists, stars of the previous run this one did
    /// not see again are carried forward as they were: this run cannot tell an unstar from a
    /// star it did not read, and dropping them would hide the unstar from the next full read.
    func snapshot(at date: Date, previous: RunSnapshot?) -> RunSnapshot {
        var snapshot = snapshot(at: date)
        snapshot.repositories = Self.releasesCarried(
            into: snapshot.repositories, from: previous, notKnown: details, at: date)
        guard !starredComplete, let previous else { return snapshot }
        let seen = Set(snapshot.repositories.map(\.id))
        // Only the stars of accounts this run still reads: an account left out is not read at all.
        let accounts = sources?.starredBy
        snapshot.repositories += previous.repositories.compactMap { old in
            guard old.isStarred, !seen.contains(old.id) else { return nil }
            guard let accounts, previous.sources != nil else { return old }
            var carried = old
            carried.starredBy = old.starredBy.intersection(accounts)
            return carried.starredBy.isEmpty ? nil : carried
        }
        return snapshot
    }

    /// A repository whose releases this run could not fetch (`RepositoryDetail.releasesKnown`)
    /// keeps the latest release the run before knew; or, new to this run, none known since
    /// `date` (or since an earlier run that could not fetch them either): its latest release,
    /// once fetched, is then news only if published since (`ComputeChanges`).
    private static func releasesCarried(
        into repositories: [RepoSnapshot], from previous: RunSnapshot?, notKnown details: [RepositoryDetail],
        at date: Date
    ) -> [RepoSnapshot] {
        let unknown = Set(details.filter { !$0.releasesKnown }.map(\.repo.id))
        guard !unknown.isEmpty else { return repositories }
        let before = Dictionary(
            (previous?.repositories ?? []).filter { unknown.contains($0.id) }.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        return repositories.map { repo in
            guard unknown.contains(repo.id) else { return repo }
            var carried = repo
            carried.latestRelease = before[repo.id]?.latestRelease
            carried.latestReleaseAt = before[repo.id]?.latestReleaseAt
            carried.releasesUnknownSince = before[repo.id].map(\.releasesUnknownSince) ?? date
            return carried
        }
    }

    private func snapshot(at date: Date) -> RunSnapshot {
        let starred = Set(stars.map(\.repo.id))
        let pinned = Set(favourites.map(\.repo.id))
        var lists: [GitHubRepo.ID: Set<String>] = [:]
        for list in starLists {
            for repo in list.repositories { lists[repo.id, default: []].insert(list.membership.recorded) }
        }
        let latestRelease = Dictionary(
            details.map { ($0.repo.id, $0.releases.first { !$0.isDraft }) }, uniquingKeysWith: { first, _ in first })
        return RunSnapshot(
            takenAt: date,
            repositories: allRepositories.map { repo in
                let release = latestRelease[repo.id] ?? nil
                var snapshot = RepoSnapshot(
                    id: repo.id, name: repo.name, stars: repo.stars, forks: repo.forks, openIssues: repo.openIssues,
                    latestRelease: release?.tagName, pushedAt: repo.pushedAt, isArchived: repo.isArchived,
                    isStarred: starred.contains(repo.id), isFavourite: pinned.contains(repo.id),
                    starredBy: starred.contains(repo.id) ? starredBy[repo.id] ?? [] : [],
                    listMemberships: lists[repo.id] ?? [])
                snapshot.latestReleaseAt = release?.publishedAt
                return snapshot
            },
            starredListComplete: starredComplete, sources: sources)
    }
}
