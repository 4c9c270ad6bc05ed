public import Foundation

/// One thing that changed since the previous run, as the digest reports it.
public struct DigestChange: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case newlyStarred
        case unstarred
        case newFavourite
        case newRelease(tag: String, previous: String?)
        case starGain(from: Int, to: Int)
        case archived
        case renamed(from: RepoName)
        case gone
        /// Added to, or taken out of, the Star List of this name.
        case addedToList(String)
        case removedFromList(String)
    }

    public var kind: Kind
    public var repo: RepoSnapshot
    /// When the run that noticed it ran.
    public var noticedAt: Date

    public init(kind: Kind, repo: RepoSnapshot, noticedAt: Date) {
        self.kind = kind
        self.repo = repo
        self.noticedAt = noticedAt
    }

    /// Stable across runs for the same event, so a feed reader never shows it twice: a
    /// release is the same entry whenever it is seen; a star gain belongs to its run.
    public var id: String {
        let repo = "\(self.repo.id.rawValue)"
        switch kind {
        case .newlyStarred: return "starred:\(repo)"
        case .unstarred: return "unstarred:\(repo):\(Int(noticedAt.timeIntervalSince1970))"
        case .newFavourite: return "favourite:\(repo)"
        case .newRelease(let tag, _): return "release:\(repo):\(tag)"
        case .starGain: return "stars:\(repo):\(Int(noticedAt.timeIntervalSince1970))"
        case .archived: return "archived:\(repo)"
        case .renamed(let from): return "renamed:\(repo):\(from)"
        case .gone: return "gone:\(repo)"
        case .addedToList(let list): return "list-added:\(repo):\(list):\(Int(noticedAt.timeIntervalSince1970))"
        case .removedFromList(let list): return "list-removed:\(repo):\(list):\(Int(noticedAt.timeIntervalSince1970))"
        }
    }
}
