import Entities
import Synchronization
import UseCases

/// Remembers every answer of another source, so a second build over it costs only what
/// follows the gathering: the phase breakdown tells decoding from translating this way.
final class MemoizingSource: RepositorySource {
    private let base: any RepositorySource
    private let memo = Mutex<[String: any Sendable]>([:])

    init(_ base: any RepositorySource) { self.base = base }

    func tokenOwner() async -> String? { await base.tokenOwner() }

    private func remember<T: Sendable>(_ key: String, _ body: () async throws -> T) async throws -> T {
        // Not `memo[key] as? T`: with an optional T, a missing key would cast to `.some(nil)`.
        if let stored = memo.withLock({ $0[key] }), let value = stored as? T { return value }
        let value = try await body()
        memo.withLock { $0[key] = value }
        return value
    }

    func owner(_ login: String) async throws -> Owner {
        try await remember("owner \(login)") { try await base.owner(login) }
    }
    func starsRead(by login: String) async throws -> StarsRead {
        try await remember("starred \(login)") { try await base.starsRead(by: login) }
    }
    func repositories(of owner: Owner) async throws -> [GitHubRepo] {
        try await remember("repos \(owner.login)") { try await base.repositories(of: owner) }
    }
    func search(_ search: SavedSearch) async throws -> [GitHubRepo] {
        try await remember("search \(search.query)") { try await base.search(search) }
    }
    func repository(_ name: RepoName) async throws -> GitHubRepo {
        try await remember("repo \(name)") { try await base.repository(name) }
    }
    func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release] {
        try await remember("releases \(repo.id) \(limit)") { try await base.releases(of: repo, limit: limit) }
    }
    func readme(of repo: GitHubRepo) async throws -> Readme? {
        try await remember("readme \(repo.id)") { try await base.readme(of: repo) }
    }
    func staleData() async -> [StaleData] { await base.staleData() }
}
