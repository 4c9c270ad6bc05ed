public import Entities
public import Foundation

/// Where a build's snapshots are kept between runs (SQLite in the state directory).
public protocol HistoryStore: Sendable {
    /// The most recent snapshot recorded, or nil before the first successful build.
    func latestSnapshot() async throws -> RunSnapshot?
    /// When a run last read every starred list to its end, or nil if none has.
    func latestCompleteStarredRead() async throws -> Date?
    func record(_ snapshot: RunSnapshot) async throws
    /// A run read every starred list to its end but found nothing new, so records no
    /// snapshot: the read still counts for `latestCompleteStarredRead`.
    func noteCompleteStarredRead(at date: Date) async throws
    /// Forgets snapshots taken before `date`, keeping the latest one whatever its age.
    func prune(before date: Date) async throws
}
