public import Entities

/// A user's stars as a source read them (not a GitHub Star List, `StarList`): newest first,
/// and whether the whole list was read.
/// A list cut short (more pages than a source reads from one list) says `isComplete: false`:
/// an unstar among the stars it did not read cannot be seen, so none is reported.
public struct StarsRead: Sendable, Hashable {
    public var stars: [Star]
    public var isComplete: Bool

    /// For stars collected from several accounts: whose list held each repository
    /// (lower-cased logins), so a later run can tell an unstar from an account it no longer reads.
    public var starredBy: [GitHubRepo.ID: Set<String>]

    public init(stars: [Star], isComplete: Bool, starredBy: [GitHubRepo.ID: Set<String>] = [:]) {
        self.stars = stars
        self.isComplete = isComplete
        self.starredBy = starredBy
    }
}
