import Entities
import Foundation
import Testing
import UseCases

/// In-memory history: what the use cases see of the SQLite store.
actor InMemoryHistory: HistoryStore {
    private(set) var snapshots: [RunSnapshot] = []

    func latestSnapshot() -> RunSnapshot? { snapshots.last }
    func snapshotBeforeLatest() -> RunSnapshot? { snapshots.dropLast().last }
    func record(_ snapshot: RunSnapshot) { snapshots.append(snapshot) }
    func recentNews(runs: Int) -> [DigestChange] {
        snapshots.reversed().filter { !$0.news.isEmpty }.prefix(runs).flatMap(\.news)
    }
    func prune(before date: Date, after future: Date) {
        let latest = snapshots.suffix(2)
        snapshots.removeAll { ($0.takenAt < date || $0.takenAt > future) && !latest.contains($0) }
    }
}

@Suite struct ComputeChangesTests {
    static func day(_ number: Double) -> Date { Make.epoch.addingTimeInterval(number * Make.day) }

    static func snapshot(
        _ name: String, id: Int64, stars: Int = 100, release: String? = nil, archived: Bool = false,
        starred: Bool = true, favourite: Bool = false
    ) -> RepoSnapshot {
        RepoSnapshot(
            id: GitHubRepo.ID(rawValue: id), name: try! RepoName(parsing: name), stars: stars,
            latestRelease: release, isArchived: archived, isStarred: starred, isFavourite: favourite)
    }

    /// Runs `days` snapshots through the history in order, as a cron job would, and
    /// returns what each run found.
    static func run(_ days: [[RepoSnapshot]], gone: [Set<GitHubRepo.ID>] = [], complete: [Bool] = []) async throws
        -> [ComputeChanges.Outcome]
    {
        let history: any HistoryStore = InMemoryHistory()
        var outcomes: [ComputeChanges.Outcome] = []
        for (index, repositories) in days.enumerated() {
            let current = RunSnapshot(
                takenAt: day(Double(index)), repositories: repositories,
                starredListComplete: index < complete.count ? complete[index] : true)
            let previous = try await history.latestSnapshot()
            outcomes.append(
                ComputeChanges()(previous: previous, current: current, gone: index < gone.count ? gone[index] : []))
            try await history.record(current)
        }
        return outcomes
    }

    static func kinds(_ outcome: ComputeChanges.Outcome) -> [DigestChange.Kind] {
        guard case .changes(let changes) = outcome else { return [] }
        return changes.map(\.kind)
    }

    @Test func theFirstRunHasNothingToCompareWith() async throws {
        let outcomes = try await Self.run([[Self.snapshot("a/b", id: 1)]])
        #expect(outcomes == [.firstRun])
    }

    @Test("a release first known after a run that could not fetch the releases is no news; one after it is")
    func releasesNotKnownBefore() throws {
        var unknown = Self.snapshot("octo/new", id: 1)
        unknown.releasesUnknownSince = Self.day(0)
        let at = Self.day(1)
        let known = Self.snapshot("octo/new", id: 1, release: "v1")
        let previous = RunSnapshot(takenAt: Self.day(0), repositories: [unknown])
        #expect(
            ComputeChanges()(previous: previous, current: RunSnapshot(takenAt: at, repositories: [known]))
                == .changes([]))
        let next = RunSnapshot(takenAt: Self.day(2), repositories: [Self.snapshot("octo/new", id: 1, release: "v2")])
        let outcome = ComputeChanges()(previous: RunSnapshot(takenAt: at, repositories: [known]), current: next)
        #expect(
            outcome
                == .changes([
                    DigestChange(
                        kind: .newRelease(tag: "v2", previous: "v1"), repo: next.repositories[0], noticedAt: Self.day(2)
                    )
                ]))
    }

    @Test func anUnchangedDayReportsNothing() async throws {
        let repos = [Self.snapshot("a/b", id: 1, release: "v1")]
        #expect(try await Self.run([repos, repos]).last == .changes([]))
    }

    @Test func starsReleasesArchivesAndRenamesAcrossThreeDays() async throws {
        let outcomes = try await Self.run([
            [Self.snapshot("a/one", id: 1, stars: 100, release: "v1"), Self.snapshot("a/two", id: 2)],
            [
                Self.snapshot("a/one", id: 1, stars: 130, release: "v2"), Self.snapshot("a/two", id: 2),
                Self.snapshot("a/three", id: 3),
            ],
            [
                Self.snapshot("a/one", id: 1, stars: 130, release: "v2", archived: true), Self.snapshot("b/two", id: 2),
                Self.snapshot("a/three", id: 3),
            ],
        ])
        #expect(
            Self.kinds(outcomes[1]) == [
                .newRelease(tag: "v2", previous: "v1"), .newlyStarred, .starGain(from: 100, to: 130),
            ])
        #expect(Self.kinds(outcomes[2]) == [.archived, .renamed(from: RepoName(owner: "a", name: "two"))])
    }

    @Test func unstarsAreOnlyReportedWhenTheStarredListWasReadToTheEnd() async throws {
        let both = [Self.snapshot("a/kept", id: 1), Self.snapshot("a/dropped", id: 2)]
        let one = [Self.snapshot("a/kept", id: 1)]
        #expect(Self.kinds(try await Self.run([both, one]).last!) == [.unstarred])
        #expect(Self.kinds(try await Self.run([both, one], complete: [true, false]).last!) == [])
    }

    @Test func aRepositoryThatAnswers404IsGoneNotUnstarred() async throws {
        let outcomes = try await Self.run(
            [[Self.snapshot("a/x", id: 1), Self.snapshot("a/deleted", id: 2)], [Self.snapshot("a/x", id: 1)]],
            gone: [[], [GitHubRepo.ID(rawValue: 2)]])
        guard case .changes(let changes) = outcomes[1] else {
            Issue.record("expected changes")
            return
        }
        #expect(changes.map(\.kind) == [.gone])
        #expect(changes.first?.repo.name.name == "deleted")
    }

    @Test func newFavouritesAreReported() async throws {
        let outcomes = try await Self.run([
            [Self.snapshot("a/x", id: 1)],
            [
                Self.snapshot("a/x", id: 1, favourite: true),
                Self.snapshot("a/pinned", id: 2, starred: false, favourite: true),
            ],
        ])
        #expect(Self.kinds(outcomes[1]) == [.newFavourite, .newFavourite])
    }

    @Test func largestGainsAbsoluteThenRelativeEachOnce() {
        let previous = RunSnapshot(
            takenAt: Self.day(0),
            repositories: [
                Self.snapshot("big/a", id: 1, stars: 40_000), Self.snapshot("small/b", id: 2, stars: 60),
                Self.snapshot("tiny/c", id: 3, stars: 2), Self.snapshot("mid/d", id: 4, stars: 1_000),
            ])
        let current = RunSnapshot(
            takenAt: Self.day(1),
            repositories: [
                Self.snapshot("big/a", id: 1, stars: 40_500), Self.snapshot("small/b", id: 2, stars: 120),
                Self.snapshot("tiny/c", id: 3, stars: 40), Self.snapshot("mid/d", id: 4, stars: 1_100),
            ])
        let outcome = ComputeChanges(topGains: 1, minimumStarsForRelativeGain: 50)(previous: previous, current: current)
        #expect(
            Self.kinds(outcome) == [.starGain(from: 40_000, to: 40_500), .starGain(from: 60, to: 120)],
            "+500 is the largest; +100% the largest relative among repositories that had 50 stars")
    }

    @Test func feedIdsAreStableForTheSameEvent() async throws {
        let day1 = [Self.snapshot("a/x", id: 1, release: "v1")]
        let day2 = [Self.snapshot("a/x", id: 1, release: "v2")]
        let first = try await Self.run([day1, day2])
        let second = try await Self.run([day1, [Self.snapshot("a/x-renamed", id: 1, release: "v1")], day2])
        guard case .changes(let a) = first[1], case .changes(let b) = second[2] else {
            Issue.record("expected changes")
            return
        }
        #expect(a.first { if case .newRelease = $0.kind { true } else { false } }?.id == "release:1:v2")
        #expect(b.contains { $0.id == "release:1:v2" }, "the same release, seen on another day, has the same id")
    }

    @Test func pruningKeepsTheLatestTwoSnapshotsWhateverTheirAge() async throws {
        let memory = InMemoryHistory()
        let history: any HistoryStore = memory
        for index in 0..<5 { try await history.record(RunSnapshot(takenAt: Self.day(Double(index)), repositories: [])) }
        try await history.prune(before: Self.day(100), after: .distantFuture)
        #expect(await memory.snapshots.map(\.takenAt) == [Self.day(3), Self.day(4)])
    }
}
