public import Entities
public import Foundation

/// Loads releases and README for many repositories, a few at a time: asked of the source for
/// those `DetailRefresh` says are due, taken as the source kept them for the rest.
public struct LoadRepositoryDetail: Sendable {
    private let source: any RepositorySource
    private let releasesPerRepository: Int
    private let width: Int
    private let readmes: Bool
    private let refresh: DetailRefresh
    private let now: Date

    /// - Parameter width: how many repositories load at once. The HTTP client has its own
    ///   limit on requests in flight; this one only keeps the number of tasks small.
    /// - Parameter readmes: false to leave READMEs out (streamed later, see `ReadmeLoader`);
    ///   those due are still brought up to date, so that any that turns stale does so now.
    public init(
        source: any RepositorySource, releasesPerRepository: Int = 3, width: Int = 8, readmes: Bool = true,
        refresh: DetailRefresh = DetailRefresh(), now: Date
    ) {
        self.source = source
        self.releasesPerRepository = releasesPerRepository
        self.width = max(1, width)
        self.readmes = readmes
        self.refresh = refresh
        self.now = now
    }

    /// Details in the order of `repos`.
    public func callAsFunction(_ repos: [GitHubRepo]) async throws -> [RepositoryDetail] {
        try await callAsFunction(repos, due: due(repos))
    }

    /// The repositories whose releases and README are asked of the source this run: pushed
    /// to since they were kept, never kept, or due their slow re-check (`DetailRefresh`).
    public func due(_ repos: [GitHubRepo]) async -> Set<GitHubRepo.ID> {
        refresh.due(repos, kept: await source.keptDetails(of: repos), now: now)
    }

    /// The details of `repos`, asked of the source for those in `due` and taken from what
    /// earlier runs kept for the others; in the order of `repos`.
    /// - Parameter kept: `keptReleases(of:due:)` of `repos`, if the caller read them already.
    public func callAsFunction(_ repos: [GitHubRepo], due: Set<GitHubRepo.ID>, kept: [GitHubRepo.ID: [Release]]? = nil)
        async throws -> [RepositoryDetail]
    {
        let kept = if let kept { kept } else { await keptReleases(of: repos, due: due) }
        return try await withThrowingTaskGroup(of: (Int, RepositoryDetail).self) { group in
            var details = [RepositoryDetail?](repeating: nil, count: repos.count)
            var next = 0
            func startNext() {
                while next < repos.count, let releases = kept[repos[next].id] {
                    details[next] = RepositoryDetail(repo: repos[next], releases: releases, readme: nil)
                    next += 1
                }
                guard next < repos.count else { return }
                let index = next
                next += 1
                group.addTask {
                    (index, try await load(repos[index], from: due.contains(repos[index].id) ? .source : .kept))
                }
            }
            for _ in 0..<width { startNext() }
            while let (index, detail) = try await group.next() {
                details[index] = detail
                startNext()
            }
            return details.compactMap { $0 }
        }
    }

    /// What `body` gives; nil where the source could not fetch it and had nothing kept
    /// (`DetailNotFetched`): the page shows it as not known, and the run goes on.
    private static func fetched<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T? {
        do {
            return try await body()
        } catch is DetailNotFetched {
            return nil
        }
    }

    /// The releases the source kept for those of `repos` not `due` whose kept page is all they
    /// need, read together (in chunks, while GitHub answers): a task and a read of the cache
    /// each cost more than decoding, done for 10,000 repositories a run. None where the
    /// READMEs load with the details (one repository at a time, as they must). Any it leaves
    /// out load one by one.
    public func keptReleases(of repos: [GitHubRepo], due: Set<GitHubRepo.ID>) async -> [GitHubRepo.ID: [Release]] {
        readmes ? [:] : await source.keptReleases(of: repos, due: due, limit: releasesPerRepository)
    }

    private func load(_ repo: GitHubRepo, from origin: DetailOrigin) async throws -> RepositoryDetail {
        let (source, limit, readmes) = (self.source, releasesPerRepository, self.readmes)
        do {
            async let releases = Self.fetched { try await source.releases(of: repo, limit: limit, from: origin) }
            async let readme = Self.fetched { readmes ? try await source.readme(of: repo, from: origin) : nil }
            async let refreshed = Self.fetched { () async throws -> Bool in
                if !readmes && origin == .source { try await source.refreshReadme(of: repo) }
                return true
            }
            let (gotReleases, gotReadme, wasRefreshed) = try await (releases, readme, refreshed)
            var detail = RepositoryDetail(repo: repo, releases: gotReleases ?? [], readme: gotReadme ?? nil)
            detail.releasesKnown = gotReleases != nil
            detail.readmeKnown = gotReadme != nil && wasRefreshed != nil
            return detail
        } catch {
            throw UseCaseFailure(step: "loading the details of \(repo.name)", underlying: error)
        }
    }
}
