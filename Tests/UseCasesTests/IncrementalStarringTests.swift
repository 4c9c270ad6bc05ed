import Entities
import Foundation
import Testing
import UseCases

/// A cron run stops reading stars at the first one the previous run knew, unless `--full`
/// asks, or the last full read is `fullRefreshDays` old.
@Suite struct IncrementalStarringTests {
    static func source() -> FakeRepositorySource {
        var source = FakeRepositorySource()
        source.stars["mona"] = [Make.star(Make.repo("a/one", id: 1), daysAgo: 1), Make.star(Make.repo("a/two", id: 2), daysAgo: 2)]
        return source
    }

    static func run(
        _ source: FakeRepositorySource, day: Double, history: any HistoryStore, full: Bool = false
    ) async throws -> BuildDigest.Result {
        let request = BuildDigest.Request(title: "t", starredBy: ["mona"], fullRefresh: full, fullRefreshDays: 7)
        let result = try await BuildDigest(
            source: source, clock: FixedClock(now: Make.epoch.addingTimeInterval(day * Make.day)), history: history
        ).build(request)
        try await history.record(result.snapshot)
        return result
    }

    @Test func theFirstRunReadsEverythingTheNextStopAtWhatTheyKnow() async throws {
        let history: any HistoryStore = InMemoryHistory()
        #expect(try await Self.run(Self.source(), day: 0, history: history).snapshot.starredListComplete)
        let second = try await Self.run(Self.source(), day: 1, history: history)
        #expect(!second.snapshot.starredListComplete, "the second run stopped at a known star")
    }

    @Test func unstarsAreOnlyReportedAfterAFullRead() async throws {
        let history: any HistoryStore = InMemoryHistory()
        _ = try await Self.run(Self.source(), day: 0, history: history)
        var fewer = Self.source()
        fewer.stars["mona"]!.removeLast()
        let incremental = try await Self.run(fewer, day: 1, history: history)
        #expect(incremental.site.digest.changes?.items.contains { $0.kind == .unstarred } == false)
        let full = try await Self.run(fewer, day: 2, history: history, full: true)
        #expect(full.snapshot.starredListComplete)
        #expect(full.site.digest.changes?.items.map(\.kind) == [.unstarred])
    }

    @Test func aFullReadIsDueWhenTheLastIsAWeekOld() async throws {
        let history: any HistoryStore = InMemoryHistory()
        _ = try await Self.run(Self.source(), day: 0, history: history)
        for day in 1...6 {
            #expect(try await !Self.run(Self.source(), day: Double(day), history: history).snapshot.starredListComplete)
        }
        #expect(try await Self.run(Self.source(), day: 7, history: history).snapshot.starredListComplete, "seven days after the last full read")
    }
}
