public import Entities
public import Foundation

/// Where a build's snapshots are kept between runs (SQLite in the state directory).
public protocol HistoryStore: Sendable {
    /// The most recent snapshot recorded, or nil before the first successful build.
    func latestSnapshot() async throws -> RunSnapshot?
    func record(_ snapshot: RunSnapshot) async throws
    /// Forgets snapshots taken before `date`, keeping the latest one whatever its age.
    func prune(before date: Date) async throws
}
