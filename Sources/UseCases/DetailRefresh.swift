public import Entities
public import Foundation

/// Which repositories' releases and README a run asks for again, and which it takes as an
/// earlier run kept them. Asked again: whatever was never kept, a repository pushed to since
/// (its `pushed_at` moved), everything with `--full`; and, so that what changes without a
/// push (a release edited, deleted, or published on a tag pushed earlier) is seen too, each
/// repository once every `days`, at its own moment in that period, spread by a hash of its
/// id, so an hourly run re-checks a few and none re-checks all.
public struct DetailRefresh: Sendable, Hashable {
    /// Every repository is asked again at least this often (`details_refresh_days`).
    public var days: Int
    /// Ask for every repository's details now (`--full`).
    public var everything: Bool

    public init(days: Int = 7, everything: Bool = false) {
        self.days = max(1, days)
        self.everything = everything
    }

    /// The repositories among `repos` whose details to ask for at `now`, given what was kept.
    /// A run after a long pause finds many past their moment: it takes at most a `days`-th of
    /// the repositories (those checked longest ago first), and the next runs the rest, so a
    /// schedule of once a day or more often keeps the promise.
    public func due(_ repos: [GitHubRepo], kept: [GitHubRepo.ID: KeptDetail], now: Date) -> Set<GitHubRepo.ID> {
        var due = Set<GitHubRepo.ID>()
        var slow: [(id: GitHubRepo.ID, checkedAt: Date)] = []
        for repo in repos {
            guard !everything, let detail = kept[repo.id], detail.pushedAt == repo.pushedAt else {
                due.insert(repo.id)
                continue
            }
            if moment(of: repo.id, before: now) > detail.checkedAt { slow.append((repo.id, detail.checkedAt)) }
        }
        let quota = (kept.count + days - 1) / days
        let oldestFirst = slow.sorted { ($0.checkedAt, $0.id.rawValue) < ($1.checkedAt, $1.id.rawValue) }
        due.formUnion(oldestFirst.prefix(max(1, quota)).map(\.id))
        return due
    }

    /// The latest moment at or before `now` at which the repository is due its slow refresh:
    /// one per period, at an offset fixed by its id.
    func moment(of id: GitHubRepo.ID, before now: Date) -> Date {
        let period = Double(days) * 86_400
        let offset = Double(Self.mix(UInt64(bitPattern: id.rawValue)) % UInt64(period))
        let periods = ((now.timeIntervalSince1970 - offset) / period).rounded(.down)
        return Date(timeIntervalSince1970: offset + periods * period)
    }

    /// SplitMix64's finaliser: a hash that is the same in every process (Swift's `Hasher` is
    /// seeded per process, which would move every repository's moment on every run).
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
