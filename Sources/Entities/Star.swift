public import Foundation

/// A repository someone starred, and when (GitHub reports the time only with the
/// `star+json` media type, so it may be missing).
public struct Star: Sendable, Hashable {
    public var repo: GitHubRepo
    public var starredAt: Date?

    public init(repo: GitHubRepo, starredAt: Date?) {
        self.repo = repo
        self.starredAt = starredAt
    }
}
