public import Entities
import Foundation
import ParallelWork
import Synchronization
public import UseCases

// What the cache kept of each repository's releases and README, for `DetailRefresh` to decide
// which to ask for again. Read in one query over the cache's metadata, never the bodies.
extension GitHubDataStore {
    /// Only repositories whose releases and README were both kept at the same `pushed_at`
    /// (a run that got one and fell back to a stale copy of the other did not finish the pair).
    /// Offline everything comes from the cache anyway: nothing to decide.
    public func keptDetails(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: KeptDetail] {
        guard !api.settings.offline, let cache = api.cache else { return [:] }
        // Keys made and looked up on every core: 20,000 of each a run at 10,000 repositories.
        let endpoint = self.endpoint
        let keys = repos.concurrentMap { repo in
            (releases: Self.key(.releases, of: repo, endpoint), readme: Self.key(.readme, of: repo, endpoint))
        }
        let checks = await cache.checks(for: keys.flatMap { [$0.releases, $0.readme] })
        let found = Parallel.map(repos.count) { index -> KeptDetail? in
            guard let releases = checks[keys[index].releases], let readme = checks[keys[index].readme],
                let version = releases.pushedAt, version == readme.pushedAt
            else { return nil }
            return KeptDetail(pushedAt: Self.pushedAt(version), checkedAt: min(releases.fetchedAt, readme.fetchedAt))
        }
        var kept: [GitHubRepo.ID: KeptDetail] = [:]
        kept.reserveCapacity(repos.count)
        for (repo, detail) in zip(repos, found) where detail != nil { kept[repo.id] = detail }
        return kept
    }

    /// The releases `releases(of:limit:from:)` gives from the cache, for every repository
    /// not `due` (offline, for all) whose kept first page is all it needs: read a few hundred
    /// to a turn of the cache, and decoded on every core. Those the cache lacks, or whose page does not
    /// decode or has too few releases and a next one, are left to `releases(of:limit:from:)`.
    public func keptReleases(of repos: [GitHubRepo], due: Set<GitHubRepo.ID>, limit: Int) async
        -> [GitHubRepo.ID: [Release]]
    {
        guard limit > 0, let cache = api.cache else { return [:] }
        let (api, endpoint, offline) = (self.api, self.endpoint, self.api.settings.offline)
        let asked = offline ? repos : repos.filter { !due.contains($0.id) }
        let keys = asked.concurrentMap { Self.key(.releases, of: $0, endpoint) }
        let found = Mutex([GitHubRepo.ID: [Release]]())
        // In chunks of `keptCopiesAtOnce`, each decoded on every core while the next is read
        // from the cache. In a chunk: first the copies kept decoded (`DecodedCopy`); for those
        // without one, the cached answers, `keptReleasesAtOnce` at a time (a page of releases
        // may run to a hundred kilobytes), whose copies are then kept. A run found up to date
        // is cancelled between chunks; what a run that goes on leaves out, `releases(of:…)`
        // loads one repository at a time.
        let chunks = stride(from: 0, to: asked.count, by: Self.keptCopiesAtOnce).map {
            Array($0..<min(asked.count, $0 + Self.keptCopiesAtOnce))
        }
        let read = { @Sendable (indexes: [Int]) in Task { await cache.decodedCopies(for: indexes.map { keys[$0] }) } }
        var reading = chunks.first.map(read)
        for (number, indexes) in chunks.enumerated() where !Task.isCancelled {
            guard let copies = await reading?.value else { break }
            reading = number + 1 < chunks.count ? read(chunks[number + 1]) : nil
            let uncopied = Mutex([Int]())
            Parallel.forEach(indexes.count) { offset in
                let index = indexes[offset]
                guard let copy = copies[keys[index]],
                    let page = api.copied([Lenient<ReleaseDTO>].self, from: copy.bytes)
                else { return uncopied.withLock { $0.append(index) } }
                let releases = Self.releases(
                    page, link: copy.link, of: asked[index], limit: limit, api: api, endpoint: endpoint)
                if let releases { found.withLock { $0[asked[index].id] = releases } }
            }
            let unread = uncopied.withLock { $0 }.sorted()
            for start in stride(from: 0, to: unread.count, by: Self.keptReleasesAtOnce) {
                let indexes = Array(unread[start..<min(unread.count, start + Self.keptReleasesAtOnce)])
                let entries = await cache.entries(for: indexes.map { keys[$0] })
                Parallel.forEach(indexes.count) { offset in
                    let index = indexes[offset]
                    guard let entry = entries[keys[index]] else { return }
                    let releases = Self.releases(entry, of: asked[index], limit: limit, api: api, endpoint: endpoint)
                    if let releases { found.withLock { $0[asked[index].id] = releases } }
                }
            }
        }
        return found.withLock { $0 }
    }

    static let keptCopiesAtOnce = 1_024
    static let keptReleasesAtOnce = 256

    /// What `releases(of:limit:from:)` gives from this kept copy of the first page, counted
    /// as `GitHubAPI.fetch` counts it (`counting`: the copy stands for an answer, not for one
    /// that failed); nil where it would read the next page or the copy does not decode.
    static func releases(
        _ entry: CachedResponse, of repo: GitHubRepo, limit: Int, api: GitHubAPI, endpoint: GitHubEndpoint,
        counting: Bool = true
    ) -> [Release]? {
        if entry.isNotFound {
            // A remembered 404: none, as `GitHubAPI.fetch` says it (counted only when kept).
            if counting, !api.settings.offline { api.log.kept() }
            return []
        }
        let resource = "GET \(endpoint.releases(repo.name))"
        guard let page = try? api.kept([Lenient<ReleaseDTO>].self, entry, resource: resource) else { return nil }
        return releases(
            page, link: entry.link, of: repo, limit: limit, api: api, endpoint: endpoint, counting: counting)
    }

    /// The same from the page as decoded and its `Link`.
    private static func releases(
        _ page: [Lenient<ReleaseDTO>], link: String?, of repo: GitHubRepo, limit: Int, api: GitHubAPI,
        endpoint: GitHubEndpoint, counting: Bool = true
    ) -> [Release]? {
        let offline = api.settings.offline
        let resource = "GET \(endpoint.releases(repo.name))"
        let items: [ReleaseDTO] = page.values(resource: resource, warn: api.log.warn)
        let published = Self.published(items, of: repo)
        // More pages to read: one repository at a time, as ever.
        guard published.count >= limit || page.isEmpty || LinkHeader(link).next == nil else { return nil }
        if counting { offline ? api.log.servedOffline() : api.log.kept() }
        return Array(published.prefix(limit))
    }

    /// What names each README the cache holds, without reading one: its answer's content and,
    /// for a README in another markup, that of GitHub's rendering of it (or its absence).
    /// Offline too: a build from the cache carries a page over without decoding its README.
    public func readmeVersions(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: String] {
        guard let cache = api.cache else { return [:] }
        let endpoint = self.endpoint
        let keys = repos.concurrentMap { repo in
            (
                readme: Self.key(.readme, of: repo, endpoint),
                renderedReadme: Self.key(.renderedReadme, of: repo, endpoint)
            )
        }
        let checks = await cache.checks(for: keys.flatMap { [$0.readme, $0.renderedReadme] })
        var versions: [GitHubRepo.ID: String] = [:]
        for (repo, key) in zip(repos, keys) {
            guard let readme = checks[key.readme]?.content else { continue }
            versions[repo.id] = readme + " " + (checks[key.renderedReadme].map { $0.content ?? "unknown" } ?? "none")
        }
        // A rendering kept before its content was named cannot vouch for the page.
        return versions.filter { !$0.value.hasSuffix(" unknown") }
    }

    /// Asks GitHub for the README when live, as `readme(of:)` would, and drops it: its answer
    /// is then in the cache for `ReadmeLoader` to read when the page is made. Without a cache
    /// there is nowhere to keep it: the README is asked for once, when it is read.
    public func refreshReadme(of repo: GitHubRepo) async throws {
        guard !api.settings.offline, api.cache != nil else { return }
        _ = try await readme(of: repo, from: .source)
    }

    /// The answers of a repository that a run reads from the cache for every one at once.
    private enum KeptAnswer {
        /// Its first page of releases.
        case releases
        /// Its README.
        case readme
        /// GitHub's rendering of its README.
        case renderedReadme
    }

    /// The cache key of the repository's `answer`, as `GitHubAPI.fetch` keeps it.
    private static func key(_ answer: KeptAnswer, of repo: GitHubRepo, _ endpoint: GitHubEndpoint) -> String {
        switch answer {
        case .releases: CachedResponse.key(url: endpoint.releases(repo.name), accept: MediaType.fullJSON)
        case .readme: CachedResponse.key(url: endpoint.readme(repo.name), accept: MediaType.json)
        case .renderedReadme: CachedResponse.key(url: endpoint.readme(repo.name), accept: MediaType.html)
        }
    }

    /// `pushed_at` as the cache keeps it: exact (seconds since 1970, which `Double`'s
    /// description gives back bit for bit), and "none" for a repository never pushed to.
    static func version(of repo: GitHubRepo) -> String {
        repo.pushedAt.map { String($0.timeIntervalSince1970) } ?? "none"
    }

    private static func pushedAt(_ version: String) -> Date? {
        Double(version).map(Date.init(timeIntervalSince1970:))
    }
}
