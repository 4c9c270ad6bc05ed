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
    /// A Star List's change whose List shares its name with another (two accounts'
    /// "Favourites", or one deleted and another of its name kept): told on its own, never
    /// together with the others of that name, which might be the other List's. Decided by the
    /// run that found it and kept with its news, so later runs' feeds tell it the same way.
    public var toldApart = false

    public init(kind: Kind, repo: RepoSnapshot, noticedAt: Date) {
        self.kind = kind
        self.repo = repo
        self.noticedAt = noticedAt
    }

    /// Stable across runs for the same event, so a feed reader never shows it twice, and
    /// another for the same kind of event again (archived, unarchived, archived again): a
    /// release is the same entry whenever it is seen; any other change belongs to its run.
    public var id: String {
        let repo = "\(self.repo.id.rawValue)"
        let run = "\(Int(noticedAt.timeIntervalSince1970))"
        switch kind {
        case .newlyStarred: return "starred:\(repo):\(run)"
        case .unstarred: return "unstarred:\(repo):\(run)"
        case .newFavourite: return "favourite:\(repo):\(run)"
        case .newRelease(let tag, _): return "release:\(repo):\(tag)"
        case .starGain: return "stars:\(repo):\(run)"
        case .archived: return "archived:\(repo):\(run)"
        case .renamed(let from): return "renamed:\(repo):\(from):\(run)"
        case .gone: return "gone:\(repo):\(run)"
        case .addedToList(let list): return "list-added:\(repo):\(list):\(run)"
        case .removedFromList(let list): return "list-removed:\(repo):\(list):\(run)"
        }
    }
}
