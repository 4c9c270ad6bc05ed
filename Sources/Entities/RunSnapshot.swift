public import Foundation

/// Every repository one successful build showed, and when it ran.
public struct RunSnapshot: Sendable, Hashable {
    public var takenAt: Date
    public var repositories: [RepoSnapshot]
    /// Whether the starred lists were read to the end. A list cut short (more pages than a
    /// source reads from one list) cannot tell an unstar from a star it did not reach.
    public var starredListComplete: Bool
    /// What the run read; nil for a run recorded before sources were (it is taken to have
    /// read what the run it is compared with read, as was assumed then).
    public var sources: RunSources?
    /// The repositories of the run before that this run learned no longer exist (GitHub
    /// answered 404 for a favourite): its news told them as gone, and is told again so.
    public var gone: Set<GitHubRepo.ID>
    /// The news this run found that the feeds tell as changes (star gains, unstars, renames,
    /// Lists, …; new stars and releases are told from the data): kept with the run, so that a
    /// feed read once a day still tells the news of every hourly run, not the latest's alone.
    public var news: [DigestChange]

    public init(
        takenAt: Date, repositories: [RepoSnapshot], starredListComplete: Bool = true, sources: RunSources? = nil,
        gone: Set<GitHubRepo.ID> = [], news: [DigestChange] = []
    ) {
        self.news = news
        self.takenAt = takenAt
        self.repositories = repositories
        self.starredListComplete = starredListComplete
        self.sources = sources
        self.gone = gone
    }
}
