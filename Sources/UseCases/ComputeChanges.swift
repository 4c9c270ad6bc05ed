public import Entities
import Foundation

/// Compares the previous run's snapshot with this run's and says what changed: newly
/// starred and unstarred repositories, new favourites, new releases, the largest star gains
/// (absolute and relative), repositories archived, renamed or gone, and repositories added to
/// or removed from Star Lists. Which two runs are compared (a run with no news shows the
/// latest run's again) is `BuildDigest`'s choice.
public struct ComputeChanges: Sendable {
    /// What a run found; `firstRun` when there was nothing to compare with.
    public enum Outcome: Sendable, Hashable {
        case firstRun
        case changes([DigestChange])
    }

    /// How many of the largest gains to report, by absolute and by relative growth.
    public var topGains: Int
    /// Relative gains below this many stars before are noise (2 → 4 is +100%).
    public var minimumStarsForRelativeGain: Int

    public init(topGains: Int = 5, minimumStarsForRelativeGain: Int = 50) {
        self.topGains = topGains
        self.minimumStarsForRelativeGain = minimumStarsForRelativeGain
    }

    /// - Parameter gone: repositories this run learned no longer exist (GitHub answered 404).
    public func callAsFunction(
        previous: RunSnapshot?, current: RunSnapshot, gone: Set<GitHubRepo.ID> = []
    ) -> Outcome {
        guard let previous else { return .firstRun }
        let before = Dictionary(previous.repositories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Dictionary(current.repositories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let at = current.takenAt
        var changes: [DigestChange] = []
        var gains: [(repo: RepoSnapshot, from: Int)] = []
        let starred = StarredInBoth(previous: previous.sources, current: current.sources)

        for repo in current.repositories {
            let old = before[repo.id]
            if starred.holds(repo) && !starred.holds(old) {
                changes.append(DigestChange(kind: .newlyStarred, repo: repo, noticedAt: at))
            }
            if repo.isFavourite && old?.isFavourite != true {
                changes.append(DigestChange(kind: .newFavourite, repo: repo, noticedAt: at))
            }
            guard let old else { continue }
            if let tag = repo.latestRelease, tag != old.latestRelease, Self.releaseIsNews(repo, after: old) {
                changes.append(
                    DigestChange(kind: .newRelease(tag: tag, previous: old.latestRelease), repo: repo, noticedAt: at))
            }
            if repo.isArchived && !old.isArchived {
                changes.append(DigestChange(kind: .archived, repo: repo, noticedAt: at))
            }
            if repo.name != old.name {
                changes.append(DigestChange(kind: .renamed(from: old.name), repo: repo, noticedAt: at))
            }
            if repo.stars > old.stars { gains.append((repo, old.stars)) }
        }
        for old in previous.repositories where !starred.holds(now[old.id]) {
            if gone.contains(old.id) {
                changes.append(DigestChange(kind: .gone, repo: old, noticedAt: at))
            } else if starred.holds(old) && current.starredListComplete {
                changes.append(DigestChange(kind: .unstarred, repo: now[old.id] ?? old, noticedAt: at))
            }
        }
        changes += listChanges(previous: previous, current: current, before: before)
        changes += largestGains(gains, at: at)
        return .changes(changes)
    }

    /// Whether `repo`'s latest release, another than `old`'s, is news: where the run before
    /// knew the releases, always; where no run could fetch them (`releasesUnknownSince`), only
    /// if published since the first of those runs. Not the last: a run with no news is not
    /// recorded, and one with other news may be while the releases still fail.
    private static func releaseIsNews(_ repo: RepoSnapshot, after old: RepoSnapshot) -> Bool {
        guard let since = old.releasesUnknownSince else { return true }
        guard let published = repo.latestReleaseAt else { return false }
        return published > since
    }

    /// Repositories added to or taken out of a Star List, told apart by the List's id, so a
    /// rename moves nothing and two Lists of one name stay two; only the Lists of accounts
    /// both runs read (`lists_of`): the first run with an account would otherwise report every
    /// repository of its Lists as just added, and one left out of it every one as taken out.
    private func listChanges(previous: RunSnapshot, current: RunSnapshot, before: [GitHubRepo.ID: RepoSnapshot])
        -> [DigestChange]
    {
        let accounts: Set<String>?
        if let old = previous.sources?.listsOf, let new = current.sources?.listsOf {
            accounts = old.intersection(new)
        } else {
            // A run recorded before `lists_of` was: only against one that recorded Lists at all.
            guard previous.repositories.contains(where: { !$0.listMemberships.isEmpty }) else { return [] }
            accounts = nil
        }
        // A run recorded before Lists had ids kept their names alone: compared by name, once.
        let byName = previous.repositories.contains {
            $0.listMemberships.contains { ListMembership(recorded: $0) == nil }
        }
        /// Each List a repository is in, by what tells it apart, with its name.
        func lists(_ recorded: Set<String>) -> [String: String] {
            var lists: [String: String] = [:]
            for text in recorded {
                guard let membership = ListMembership(recorded: text) else {
                    lists[text] = text
                    continue
                }
                if let accounts, !accounts.contains(membership.account) { continue }
                lists[byName ? membership.name : membership.account + "\u{1F}" + membership.list] = membership.name
            }
            return lists
        }
        let at = current.takenAt
        var changes: [DigestChange] = []
        var seen = Set<GitHubRepo.ID>()
        for repo in current.repositories {
            seen.insert(repo.id)
            let (now, old) = (lists(repo.listMemberships), lists(before[repo.id]?.listMemberships ?? []))
            changes += now.filter { old[$0.key] == nil }.values.sorted().map {
                DigestChange(kind: .addedToList($0), repo: repo, noticedAt: at)
            }
            changes += old.filter { now[$0.key] == nil }.values.sorted().map {
                DigestChange(kind: .removedFromList($0), repo: repo, noticedAt: at)
            }
        }
        for old in previous.repositories where !seen.contains(old.id) {
            changes += lists(old.listMemberships).values.sorted().map {
                DigestChange(kind: .removedFromList($0), repo: old, noticedAt: at)
            }
        }
        return changes
    }

    /// Starred, as far as the accounts both runs read can tell: a star of an account only one
    /// of the runs read (added to `starred_by`, or left out of it) is a configuration change,
    /// not news. A run that recorded no sources is taken to have read what the other did.
    private struct StarredInBoth {
        /// nil when neither run recorded its sources: every star counts, as before they were.
        let accounts: Set<String>?

        init(previous: RunSources?, current: RunSources?) {
            switch (previous ?? current, current ?? previous) {
            case (let before?, let now?): accounts = before.starredBy.intersection(now.starredBy)
            default: accounts = nil
            }
        }

        func holds(_ repo: RepoSnapshot?) -> Bool {
            guard let repo, repo.isStarred else { return false }
            guard let accounts else { return true }
            // Starred with no account named: recorded before accounts were, by one of them.
            guard !repo.starredBy.isEmpty else { return !accounts.isEmpty }
            return !repo.starredBy.isDisjoint(with: accounts)
        }
    }

    /// The top gains by absolute growth, then by relative growth among the rest, each once.
    private func largestGains(_ gains: [(repo: RepoSnapshot, from: Int)], at: Date) -> [DigestChange] {
        func change(_ gain: (repo: RepoSnapshot, from: Int)) -> DigestChange {
            DigestChange(kind: .starGain(from: gain.from, to: gain.repo.stars), repo: gain.repo, noticedAt: at)
        }
        let absolute = gains.sorted {
            ($1.repo.stars.saturatingMinus($1.from), $0.repo.name) < (
                $0.repo.stars.saturatingMinus($0.from), $1.repo.name
            )
        }.prefix(topGains)
        let chosen = Set(absolute.map(\.repo.id))
        func ratio(_ gain: (repo: RepoSnapshot, from: Int)) -> Double {
            (Double(gain.repo.stars) - Double(gain.from)) / Double(gain.from)
        }
        let relative = gains.filter { !chosen.contains($0.repo.id) && $0.from >= minimumStarsForRelativeGain }
            .sorted { (ratio($1), $0.repo.name) < (ratio($0), $1.repo.name) }
            .prefix(topGains)
        return absolute.map(change) + relative.map(change)
    }
}
