public import Foundation

/// What a source kept of a repository's releases and README from an earlier run: a README
/// or release can only change with a push (or, rarely, an edit on GitHub's site), so while
/// `pushed_at` stays where it was the kept copy is served without asking.
public struct KeptDetail: Sendable, Hashable {
    /// The repository's `pushed_at` when they were last asked for.
    public var pushedAt: Date?
    /// When GitHub last sent or confirmed them (the older of the two).
    public var checkedAt: Date

    public init(pushedAt: Date?, checkedAt: Date) {
        self.pushedAt = pushedAt
        self.checkedAt = checkedAt
    }
}

/// Where a repository's releases or README come from in this run.
public enum DetailOrigin: Sendable, Hashable {
    /// Asked of the source (conditionally, for a live one).
    case source
    /// The copy the source kept from an earlier run, without asking; asked when there is none.
    case kept
}
