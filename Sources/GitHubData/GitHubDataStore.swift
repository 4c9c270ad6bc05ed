public import Entities
public import Foundation
public import UseCases

/// The live `RepositorySource`: GitHub's REST API through `GitHubAPI` (cache, budget,
/// retries) over an `HTTPClient`. Lists are read whole, page by page along `Link: rel="next"`,
/// up to `maxPages`; `@me` means the token's owner.
public struct GitHubDataStore: RepositorySource {
    let api: GitHubAPI
    let endpoint: GitHubEndpoint
    let hasToken: Bool
    /// A bound on any one list, whatever its `Link` header claims: 100 pages of 100 (a
    /// search stops sooner, at its configured `limit`).
    var maxPages = 100
    /// Lists, and items of a List, asked for at once (GitHub gives at most 100).
    var graphQLPageSize = StarListQueries.pageSize
    /// Where the cache says what went wrong with it (`init(options:warnings:)`).
    var warnings: WarningLog?
    private let session = Session()

    init(api: GitHubAPI, apiURL: String, hasToken: Bool) {
        self.api = api
        self.endpoint = GitHubEndpoint(apiURL: apiURL)
        self.hasToken = hasToken
    }

    public func owner(_ login: String) async throws -> Owner {
        guard login == "@me" else {
            let url = endpoint.user(login)
            return try checked(await api.fetch(AccountDTO.self, url).value, resource: "GET \(url)").entity
        }
        let url = try authenticated(endpoint.authenticatedUser)
        let store = self
        return try await session.me {
            try store.checked(await store.api.fetch(AccountDTO.self, url).value, resource: "GET \(url)").entity
        }.value
    }

    /// From `owner("@me")`: one `GET /user` a run, however many ask (a 304 with a token, free).
    public func tokenOwner() async -> String? {
        guard hasToken else { return nil }
        return try? await owner("@me").login
    }

    /// Every page, each asked for conditionally: an unchanged page is a 304, free with a
    /// token, and every star's figures are as GitHub has them now.
    public func starsRead(by login: String) async throws -> StarsRead {
        let url = login == "@me" ? try authenticated(endpoint.authenticatedStarred) : endpoint.starred(by: login)
        let list = try await pages(StarDTO.self, url, accept: MediaType.starJSON, atOnce: true)
        return StarsRead(stars: list.items.map { $0.entity(warn: api.log.warn) }, isComplete: list.complete)
    }

    public func repositories(of owner: Owner) async throws -> [GitHubRepo] {
        let url: String
        if await session.isMe(owner.login) {
            url = endpoint.authenticatedRepositories
        } else if owner.kind == .organization {
            url = endpoint.organisationRepositories(owner.login)
        } else {
            url = endpoint.userRepositories(owner.login)
        }
        return try await all(RepoDTO.self, url).map { $0.entity(warn: api.log.warn) }
    }

    /// Up to `search.limit` results, and never past the 1,000 the API will rank.
    public func search(_ search: SavedSearch) async throws -> [GitHubRepo] {
        let limit = min(max(search.limit, 0), 1000)
        guard limit > 0 else { return [] }
        var repos: [RepoDTO] = []
        var seen = Set<Int64>()
        var read = Set<String>()
        var last: String?
        let first = endpoint.search(search, perPage: min(GitHubEndpoint.pageSize, limit))
        var next: String? = first
        while let url = next, repos.count < limit, read.count < maxPages {
            // As `pages` follows a list's `Link`: against its page, never back to a page read
            // (a looping `Link` repeated its page up to the bound, and the search's count with
            // it), never to what is no address; the page that holds it is asked for afresh
            // next time, not confirmed by a 304 that would keep its `Link`.
            if let wrong = Self.wrongLink(to: url, read: read) {
                api.log.warn(
                    "search '\(search.name)': its Link leads \(wrong) (\(Self.shown(url))); the results are read to there"
                )
                api.log.stale(Self.unfollowed("GET \(first)", link: url, read: read))
                if let last { await askAfresh(last, accept: MediaType.json) }
                break
            }
            read.insert(url)
            last = url
            let page = try await api.fetch(SearchResultDTO.self, url)
            // Each repository once: results move between pages as the index changes while it
            // is read, so one may come again on the next page. A page of results all read
            // already ends the search: its next would be no different.
            let found = page.value.items.values(resource: "GET \(url)", warn: api.log.warn)
            let new = found.filter { seen.insert($0.id).inserted }
            repos += new
            if new.isEmpty, !found.isEmpty {
                api.log.warn(
                    "search '\(search.name)': GET \(url) gave only results read already; the results are read to there")
                break
            }
            next = page.value.items.isEmpty ? nil : page.next.map { LinkHeader.resolve($0, against: url) }
        }
        return repos.prefix(limit).map { $0.entity(warn: api.log.warn) }
    }

    public func repository(_ name: RepoName) async throws -> GitHubRepo {
        do {
            let url = endpoint.repository(name)
            return try checked(await api.fetch(RepoDTO.self, url).value, resource: "GET \(url)").entity(
                warn: api.log.warn)
        } catch GitHubDataError.notFound {
            throw RepositoryNotFound(name: name)
        }
    }

    public func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release] {
        try await releases(of: repo, limit: limit, from: .source)
    }

    /// Published releases only (drafts are visible to maintainers, and are not news), with
    /// GitHub's own rendering of their notes beside the Markdown (`full+json`). Releases
    /// cached before that was asked for (plain JSON, Markdown only) still serve offline and
    /// as the last resort; their notes are rendered by the site. A 404 (the repository gone or
    /// hidden since it was listed) is none, remembered like a README's: kept details and
    /// `--offline` then read it as none, where they asked GitHub again every run, or failed.
    public func releases(of repo: GitHubRepo, limit: Int, from origin: DetailOrigin) async throws -> [Release] {
        guard limit > 0 else { return [] }
        let url = endpoint.releases(repo.name)
        // The first page as cached before this run, where asking may store a new one
        // (`formerReleases`); a kept copy is taken as it is, and offline nothing is stored.
        let former =
            origin == .source && !api.settings.offline
            ? await api.cache?.entry(for: CachedResponse.key(url: url, accept: MediaType.fullJSON)) : nil
        do {
            let releases = try await pages(
                ReleaseDTO.self, url, accept: MediaType.fullJSON,
                formerAccept: MediaType.json, cachedIsEnough: origin == .kept, pushedAt: Self.version(of: repo),
                rememberNotFound: true
            ) { items in
                items.lazy.filter { $0.draft != true }.count >= limit
            }.items
            return Array(Self.published(releases, of: repo).prefix(limit))
        } catch GitHubDataError.notFound {
            return []
        } catch let error as GitHubDataError {
            if let former, error.resource != "GET \(url)",
                let releases = await formerReleases(former, of: repo, limit: limit, failure: error)
            {
                return releases
            }
            throw notFetched(error)
        }
    }

    /// The releases as an earlier run cached them, when a page after the first failed with
    /// nothing cached for it (the list grew onto a page never read): the first page, answered
    /// anew, was stored already, and leaving the releases out would lose a good copy for a
    /// part of a list. Taken only when that first page was all they needed, as
    /// `keptReleases` takes one; shown stale, and put back in the cache, so that a later run
    /// asks again (the copy names the push and the time it was taken at, for `DetailRefresh`)
    /// and `--offline` shows what this run showed. Nil when there is no such copy, or the
    /// failure stops the run.
    private func formerReleases(
        _ former: CachedResponse, of repo: GitHubRepo, limit: Int, failure error: GitHubDataError
    ) async -> [Release]? {
        // Read as a kept copy is, but not counted as one: it stands for an answer that failed.
        guard let cause = Self.leftOutCause(of: error),
            let releases = Self.releases(former, of: repo, limit: limit, api: api, endpoint: endpoint, counting: false)
        else { return nil }
        await api.cache?.store(former, decoded: former.decoded)
        // Named as the list, whose earlier copy is shown, not as the later page that failed.
        api.log.stale(
            StaleData(resource: "GET \(endpoint.releases(repo.name))", fetchedAt: former.fetchedAt, cause: cause))
        return releases
    }

    /// A repository's releases or README that GitHub would not give (failing on every try, or
    /// refusing: a repository whose access GitHub blocked answers 403 or 451), with nothing
    /// cached, as for one newly starred: said among the stale data (every page's notice, exit
    /// code 2) and thrown as `DetailNotFetched`, for the use case to show as not known. One
    /// repository's failing endpoint would otherwise hold back every other's news until it
    /// mends. So too, `--offline`, for what no run fetched (a live run left it out): the site
    /// can be made again offline, with a new theme, say. Any other failure (the token, the
    /// rate limit) is thrown as it is.
    private func notFetched(_ error: GitHubDataError) -> any Error {
        guard let cause = Self.leftOutCause(of: error) else { return error }
        api.log.stale(StaleData(resource: error.resource, fetchedAt: nil, cause: cause))
        return DetailNotFetched(resource: error.resource)
    }

    /// Why a detail is left out, for the failures that leave it out (`notFetched`); nil for
    /// the rest, which stop the run.
    private static func leftOutCause(of error: GitHubDataError) -> StaleData.Cause? {
        switch error {
        case .unavailable(_, let why): why
        case .forbidden, .unexpectedStatus: .refused(error.detail)
        case .notCached: .offline
        default: nil
        }
    }

    /// The published releases among `items`, newest first as GitHub lists them, each once: a
    /// release published while the pages were read pushes the one before it onto the next
    /// page too, and one release twice would be two feed entries with one id.
    static func published(_ items: [ReleaseDTO], of repo: GitHubRepo) -> [Release] {
        var seen = Set<Int64>()
        return items.map { $0.entity(repoURL: repo.htmlURL) }.filter { !$0.isDraft && seen.insert($0.id).inserted }
    }

    public func readme(of repo: GitHubRepo) async throws -> Readme? {
        try await readme(of: repo, from: .source)
    }

    public func readme(of repo: GitHubRepo, from origin: DetailOrigin) async throws -> Readme? {
        let url = endpoint.readme(repo.name)
        do {
            let answer = try await api.fetch(
                ReadmeDTO.self, url, rememberNotFound: true, cachedIsEnough: origin == .kept,
                pushedAt: Self.version(of: repo)
            ).value
            var readme: Readme
            do {
                readme = try answer.entity(resource: "GET \(url)")
            } catch let error as GitHubDataError {
                // One README whose text cannot be had (GitHub gives none for a file over a
                // megabyte: `"encoding": "none"`) costs that README, not the build. It is a
                // README all the same, kept as any other: the page says it cannot be shown and
                // links to it, and the next run finds it as it was, not as something to ask for.
                api.log.warn("GET \(url): \(error.detail); the page links to the README on GitHub")
                return Readme(
                    path: answer.path ?? "README.md", markdown: "", htmlURL: answer.htmlUrl,
                    downloadURL: answer.downloadUrl, isUnreadable: true)
            }
            // Base64 in the answer, so only the decoded text can show a reflected token.
            readme.markdown = api.redactor(readme.markdown)
            if !readme.isMarkdown {
                do {
                    readme.html = try await renderedReadme(url, of: repo, from: origin)
                } catch let error as GitHubDataError {
                    // Kept without its rendering, a README left out would count as kept
                    // (`keptDetails`): the next run would not ask again, and the page would ask
                    // for the rendering only as it is made, after every notice is. (An offline
                    // run, and one that stops, rate-limited, keep it.)
                    if !api.settings.offline, Self.leftOutCause(of: error) != nil {
                        await api.cache?.remove(CachedResponse.key(url: url, accept: MediaType.json))
                    }
                    throw error
                }
            }
            return readme
        } catch GitHubDataError.notFound {
            return nil
        } catch let error as GitHubDataError {
            throw notFetched(error)
        }
    }

    /// GitHub's own HTML for a README the site does not render itself (reStructuredText,
    /// AsciiDoc, …), asked for and cached like the README itself; nil when GitHub has none.
    private func renderedReadme(_ url: String, of repo: GitHubRepo, from origin: DetailOrigin) async throws
        -> String?
    {
        do {
            return try await api.fetch(
                RenderedHTML.self, url, accept: MediaType.html, rememberNotFound: true,
                cachedIsEnough: origin == .kept, pushedAt: Self.version(of: repo)
            ).value.html
        } catch GitHubDataError.notFound {
            return nil
        }
    }

    public func staleData() async -> [StaleData] {
        api.log.snapshot.stale
    }

    /// What this run asked of GitHub so far.
    public var report: FetchReport { api.log.snapshot }

    /// The cache's warnings not yet said (`WarningLog.untold`): one that cannot be written is
    /// found only when the run's answers are stored.
    public func untoldWarnings() -> [String] {
        warnings?.untold() ?? []
    }

    /// Which version of the cached data the run sees (see `ResponseCache.generation`); nil
    /// without a usable cache. After a run whose every answer was a 304 it is what it was.
    public func dataGeneration() async -> String? {
        await api.cache?.generation()
    }

    /// How long an answer no run has read is kept: long enough for a repository unstarred
    /// and starred again, or a search left out of the configuration for a while.
    public static let unusedAnswerLifetime: TimeInterval = 30 * 86_400

    /// Removes the cached answers that this run did not use and that no run has confirmed for
    /// `unusedAnswerLifetime`: those of repositories no longer shown, of pages a list no longer
    /// has, of searches no longer configured. Call after a live run that read every source
    /// (only such a run has used all that the site shows). Returns how many went.
    public func pruneCache() async -> Int {
        guard !api.settings.offline, let cache = api.cache else { return 0 }
        return await cache.prune(untouchedSince: api.now().addingTimeInterval(-Self.unusedAnswerLifetime))
    }

    /// Every page of a list.
    func all<Item: CheckedDTO & Sendable>(_ type: Item.Type, _ url: String) async throws -> [Item] {
        try await pages(type, url, atOnce: true).items
    }

    /// A single answer GitHub could not have sent (a name it does not allow) is refused whole.
    private func checked<Item: CheckedDTO>(_ item: Item, resource: String) throws -> Item {
        if let problem = item.problem { throw GitHubDataError.undecodable(resource: resource, reason: problem) }
        return item
    }

    private func authenticated(_ url: String) throws -> String {
        guard hasToken else { throw GitHubDataError.needsToken(resource: "GET \(url)") }
        return url
    }
}

extension GitHubDataStore {
    /// What the run learned about its token's owner, for `@me`.
    private actor Session {
        /// `GET /user`, asked once: `owners` and what the pages call `@me` both need it.
        private var owner: Task<Owner, any Error>?

        func me(_ fetch: @escaping @Sendable () async throws -> Owner) -> Task<Owner, any Error> {
            if let owner { return owner }
            let task = Task { try await fetch() }
            owner = task
            return task
        }

        /// Whether `login` is the token's owner, as far as this run asked.
        func isMe(_ login: String) async -> Bool {
            guard let owner, let me = try? await owner.value else { return false }
            return me.login.lowercased() == login.lowercased()
        }
    }
}
