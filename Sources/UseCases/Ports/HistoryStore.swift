public import Entities
public import Foundation

/// Where a build's snapshots are kept between runs (SQLite in the state directory).
public protocol HistoryStore: Sendable {
    /// The most recent snapshot recorded, or nil before the first successful build.
    func latestSnapshot() async throws -> RunSnapshot?
    /// The snapshot recorded just before the latest: what the latest run's news was found
    /// against, for showing that news again. Nil when the latest is the only one kept.
    func snapshotBeforeLatest() async throws -> RunSnapshot?
    func record(_ snapshot: RunSnapshot) async throws
    /// The news the latest `runs` runs that kept some kept (`RunSnapshot.news`), each run's
    /// whole (changes told together stay together), the latest run's first: what the feeds
    /// tell of earlier runs.
    func recentNews(runs: Int) async throws -> [DigestChange]
    /// Forgets snapshots taken before `date`, or after `future` (dated ahead of the clock, with
    /// `SOURCE_DATE_EPOCH`: kept, such a run would never be old enough to go), keeping the
    /// latest two whatever their dates: the latest's news is found against the one before it
    /// (`snapshotBeforeLatest`).
    func prune(before date: Date, after future: Date) async throws
}
