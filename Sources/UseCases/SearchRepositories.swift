public import Entities

/// A saved search and what it found.
public struct SearchResult: Sendable, Hashable {
    public var search: SavedSearch
    public var repos: [GitHubRepo]

    public init(search: SavedSearch, repos: [GitHubRepo]) {
        self.search = search
        self.repos = repos
    }
}

/// Runs saved searches, keeping at most each search's limit, and private repositories only when asked.
public struct SearchRepositories: Sendable {
    private let source: any RepositorySource
    private let includePrivate: Bool

    public init(source: any RepositorySource, includePrivate: Bool = false) {
        self.source = source
        self.includePrivate = includePrivate
    }

    public func callAsFunction(_ searches: [SavedSearch]) async throws -> [SearchResult] {
        var results: [SearchResult] = []
        for search in searches {
            do {
                let repos = try await source.search(search).filter { includePrivate || !$0.isPrivate }
                results.append(SearchResult(search: search, repos: Array(repos.prefix(search.limit))))
            } catch {
                throw UseCaseFailure(step: "running the search '\(search.name)'", underlying: error)
            }
        }
        return results
    }
}
