import Entities
import Foundation
import Synchronization
import Testing
import UseCases

/// Which repositories' releases and READMEs a run asks for again: pushed ones, each one once
/// every `details_refresh_days` spread across runs, and everything with `--full`.
@Suite struct DetailRefreshTests {
    static let hour: TimeInterval = 3_600

    static func repos(_ count: Int) -> [GitHubRepo] {
        (1...count).map { Make.repo("o/r\($0)", id: Int64($0) * 7_919) }
    }

    @Test("a repository pushed to since its details were kept is asked at once; one not pushed is not")
    func pushedIsDue() {
        let repos = Self.repos(2)
        let now = Make.epoch
        var kept = Dictionary(
            uniqueKeysWithValues: repos.map { ($0.id, KeptDetail(pushedAt: $0.pushedAt, checkedAt: now)) })
        kept[repos[0].id]?.pushedAt = repos[0].pushedAt?.addingTimeInterval(-Make.day)
        #expect(DetailRefresh(days: 7).due(repos, kept: kept, now: now) == [repos[0].id])
        #expect(DetailRefresh(days: 7).due(repos, kept: [:], now: now) == Set(repos.map(\.id)), "nothing kept: asked")
        #expect(
            DetailRefresh(days: 7, everything: true).due(repos, kept: kept, now: now) == Set(repos.map(\.id)), "--full")
    }

    @Test("hourly runs re-check each repository within details_refresh_days, and only a few per run")
    func slowRefreshIsSpread() {
        let repos = Self.repos(300)
        let refresh = DetailRefresh(days: 7)
        let start = Make.epoch
        var checked = Dictionary(uniqueKeysWithValues: repos.map { ($0.id, start) })
        var longestGap: TimeInterval = 0
        var most = 0
        for run in 1...(24 * 21) {
            let now = start.addingTimeInterval(Double(run) * Self.hour)
            let kept = checked.mapValues {
                KeptDetail(pushedAt: Make.epoch.addingTimeInterval(-Make.day), checkedAt: $0)
            }
            let due = refresh.due(repos, kept: kept, now: now)
            most = max(most, due.count)
            for id in due {
                longestGap = max(longestGap, now.timeIntervalSince(checked[id]!))
                checked[id] = now
            }
        }
        #expect(longestGap <= 7 * Make.day + Self.hour, "every repository within 7 days (and the hour of the run)")
        #expect(most <= 10, "300 repositories over 168 hourly runs: a few each, never all")
        #expect(checked.values.allSatisfy { $0 > start.addingTimeInterval(14 * Make.day) }, "and again the week after")
    }

    @Test("after a long pause a run re-checks at most a days-th of the repositories, those checked longest ago first")
    func aPauseIsCaughtUpInSteps() {
        let repos = Self.repos(70)
        let checkedAt = { (repo: GitHubRepo) in Make.epoch.addingTimeInterval(-Double(repo.id.rawValue % 1_000)) }
        let kept = Dictionary(
            uniqueKeysWithValues: repos.map {
                ($0.id, KeptDetail(pushedAt: $0.pushedAt, checkedAt: checkedAt($0)))
            })
        let due = DetailRefresh(days: 7).due(repos, kept: kept, now: Make.epoch.addingTimeInterval(30 * Make.day))
        #expect(due.count == 10)
        let oldest = repos.sorted { checkedAt($0) < checkedAt($1) }.prefix(10).map(\.id)
        #expect(due == Set(oldest))
    }

    @Test("the details of a repository that is not due are taken from what the source kept")
    func loadAsksOnlyForDue() async throws {
        let repos = Self.repos(3)
        let source = KeepingSource(kept: [
            repos[0].id: KeptDetail(pushedAt: repos[0].pushedAt, checkedAt: Make.epoch),
            repos[1].id: KeptDetail(pushedAt: nil, checkedAt: Make.epoch),
        ])
        _ = try await LoadRepositoryDetail(source: source, refresh: DetailRefresh(days: 7), now: Make.epoch)(repos)
        #expect(
            source.origins.withLock { $0 }
                == [
                    "o/r1 releases kept", "o/r1 readme kept", "o/r2 releases source", "o/r2 readme source",
                    "o/r3 releases source", "o/r3 readme source",
                ].reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 })
    }
}

/// A source that keeps details, and records where each was asked to come from.
private final class KeepingSource: RepositorySource {
    let kept: [GitHubRepo.ID: KeptDetail]
    let origins = Mutex<[String: Int]>([:])

    init(kept: [GitHubRepo.ID: KeptDetail]) { self.kept = kept }

    func keptDetails(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: KeptDetail] { kept }

    func releases(of repo: GitHubRepo, limit: Int, from origin: DetailOrigin) async throws -> [Release] {
        origins.withLock { $0["\(repo.name) releases \(origin)", default: 0] += 1 }
        return []
    }

    func readme(of repo: GitHubRepo, from origin: DetailOrigin) async throws -> Readme? {
        origins.withLock { $0["\(repo.name) readme \(origin)", default: 0] += 1 }
        return nil
    }

    func owner(_ login: String) async throws -> Owner { Make.owner(login) }
    func starsRead(by login: String) async throws -> StarsRead { StarsRead(stars: [], isComplete: true) }
    func repositories(of owner: Owner) async throws -> [GitHubRepo] { [] }
    func search(_ search: SavedSearch) async throws -> [GitHubRepo] { [] }
    func repository(_ name: RepoName) async throws -> GitHubRepo { throw RepositoryNotFound(name: name) }
    func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release] {
        try await releases(of: repo, limit: limit, from: .source)
    }
    func readme(of repo: GitHubRepo) async throws -> Readme? { try await readme(of: repo, from: .source) }
}

/// The releases kept of the repositories not due are read while GitHub answers for those due.
@Suite struct KeptWhileRefreshedTests {
    @Test("the kept releases are read while the due repository's details are asked for")
    func keptReadWhileDueAsked() async throws {
        let repos = DetailRefreshTests.repos(2)
        let source = OverlapSource(
            kept: [repos[0].id: KeptDetail(pushedAt: repos[0].pushedAt, checkedAt: Make.epoch)],
            stars: repos.map { Make.star($0, daysAgo: 1) })
        let result = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))
            .build(BuildDigest.Request(title: "t", starredBy: ["mona"]), readmes: .streamed)
        #expect(source.keptReadFirst.withLock { $0 } == true, "asked of GitHub only once the kept were being read")
        #expect(result.site.repositories.map(\.releases.count) == [1, 0])
    }
}

/// Keeps the first repository's details; asked for the second's releases, waits (a few
/// seconds at most) until the kept releases are being read, and says whether they were.
private final class OverlapSource: RepositorySource {
    let kept: [GitHubRepo.ID: KeptDetail]
    let stars: [Star]
    let keptReadFirst = Mutex<Bool?>(nil)
    private let keptAsked = Mutex(false)

    init(kept: [GitHubRepo.ID: KeptDetail], stars: [Star]) {
        self.kept = kept
        self.stars = stars
    }

    func keptDetails(of repos: [GitHubRepo]) async -> [GitHubRepo.ID: KeptDetail] { kept }

    func keptReleases(of repos: [GitHubRepo], due: Set<GitHubRepo.ID>, limit: Int) async
        -> [GitHubRepo.ID: [Release]]
    {
        // Asked also, for none, by the load of those due.
        if repos.contains(where: { !due.contains($0.id) }) { keptAsked.withLock { $0 = true } }
        return Dictionary(
            uniqueKeysWithValues: repos.filter { kept[$0.id] != nil }.map {
                ($0.id, [Release(id: 1, tagName: "v1", htmlURL: "https://example.org/v1")])
            })
    }

    func releases(of repo: GitHubRepo, limit: Int, from origin: DetailOrigin) async throws -> [Release] {
        guard origin == .source else { return [] }
        for _ in 0..<500 where !keptAsked.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        keptReadFirst.withLock { $0 = keptAsked.withLock { $0 } }
        return []
    }

    func readme(of repo: GitHubRepo, from origin: DetailOrigin) async throws -> Readme? { nil }
    func owner(_ login: String) async throws -> Owner { Make.owner(login) }
    func starsRead(by login: String) async throws -> StarsRead { StarsRead(stars: stars, isComplete: true) }
    func repositories(of owner: Owner) async throws -> [GitHubRepo] { [] }
    func search(_ search: SavedSearch) async throws -> [GitHubRepo] { [] }
    func repository(_ name: RepoName) async throws -> GitHubRepo { throw RepositoryNotFound(name: name) }
    func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release] {
        try await releases(of: repo, limit: limit, from: .source)
    }
    func readme(of repo: GitHubRepo) async throws -> Readme? { nil }
}
