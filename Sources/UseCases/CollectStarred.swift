import Entities
import Foundation

/// Collects the stars of several users into one list, most recently starred first, each
/// repository once.
public struct CollectStarred: Sendable {
    private let source: any RepositorySource
    private let includePrivate: Bool

    public init(source: any RepositorySource, includePrivate: Bool = false) {
        self.source = source
        self.includePrivate = includePrivate
    }

    /// Every user's list; complete only when each was read to its end.
    public func list(users: [String]) async throws -> StarsRead {
        var stars: [Star] = []
        var complete = true
        var starredBy: [GitHubRepo.ID: Set<String>] = [:]
        for user in users {
            do {
                let list = try await source.starsRead(by: user)
                stars += list.stars
                for star in list.stars { starredBy[star.repo.id, default: []].insert(user.lowercased()) }
                complete = complete && list.isComplete
            } catch {
                throw UseCaseFailure(step: "loading the stars of \(user)", underlying: error)
            }
        }
        return StarsRead(
            stars: Self.newestFirstOnce(stars, includePrivate: includePrivate), isComplete: complete,
            starredBy: starredBy)
    }

    private static func newestFirstOnce(_ stars: [Star], includePrivate: Bool) -> [Star] {
        var seen = Set<GitHubRepo.ID>()
        // One array, at its size (a filter grows by doubling, past what it keeps).
        var kept: [Star] = []
        kept.reserveCapacity(stars.count)
        for position in stars.positionsNewestFirst(by: \.starredAt) {
            let star = stars[position]
            if (includePrivate || !star.repo.isPrivate) && seen.insert(star.repo.id).inserted { kept.append(star) }
        }
        return kept
    }
}

extension Array {
    /// The positions of the elements, newest `date` first; those without one keep their order,
    /// after dated ones, and so do ties. Positions sorted, not the elements: moving 10,000
    /// repositories about cost more than comparing them. Each date read once: read in every
    /// comparison, through a key path and a copy of the element, they were 280,000 reads.
    func positionsNewestFirst(by date: (Element) -> Date?) -> [Int] {
        let dates = map(date)
        return dates.indices.sorted { lhs, rhs in
            switch (dates[lhs], dates[rhs]) {
            case (let l?, let r?) where l != r: return l > r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return lhs < rhs
            }
        }
    }
}
