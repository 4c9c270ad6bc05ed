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

    public init(
        takenAt: Date, repositories: [RepoSnapshot], starredListComplete: Bool = true, sources: RunSources? = nil
    ) {
        self.takenAt = takenAt
        self.repositories = repositories
        self.starredListComplete = starredListComplete
        self.sources = sources
    }
}
