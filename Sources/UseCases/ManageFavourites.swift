public import Entities

/// `repodigest favourites add|remove|list`: the favourites a person keeps by hand, checked
/// against GitHub when a source is given, so a typo is caught when it is made rather than
/// at the next cron run.
public struct ManageFavourites: Sendable {
    private let store: any FavouritesStore
    /// Where a new favourite is checked to exist; nil when offline.
    private let source: (any RepositorySource)?

    public init(store: any FavouritesStore, source: (any RepositorySource)?) {
        self.store = store
        self.source = source
    }

    /// What `add` did.
    public enum Added: Sendable, Equatable {
        case added(RepoName)
        /// It was a favourite already; its note was updated if a new one was given.
        case alreadyThere(RepoName)
    }

    /// Adds a favourite under the name GitHub gives it (so `Apple/Swift-NIO` is kept as
    /// `apple/swift-nio`). Adding one that is already there is harmless.
    public func add(_ name: RepoName, note: String?) async throws -> Added {
        var canonical = name
        if let source {
            do {
                canonical = try await source.repository(name).name
            } catch {
                throw UseCaseFailure(step: "checking that \(name) exists on GitHub", underlying: error)
            }
        }
        let existing = try await store.favourites()
        try await store.add(Favourite(name: canonical, note: note))
        return existing.contains { $0.name.matches(canonical) } ? .alreadyThere(canonical) : .added(canonical)
    }

    /// Whether there was such a favourite.
    public func remove(_ name: RepoName) async throws -> Bool {
        try await store.remove(name)
    }

    /// The stored favourites and those the configuration names, once each; the
    /// configuration's first, as they are shown together on every page. One named in both
    /// keeps a note `configured` gives, or else the stored one (the configuration file names
    /// favourites without notes): `favourites add --note` on a configured repository is not lost.
    public func list(configured: [Favourite]) async throws -> [Favourite] {
        var all = configured
        for favourite in try await store.favourites() {
            guard let index = all.firstIndex(where: { $0.name.matches(favourite.name) }) else {
                all.append(favourite)
                continue
            }
            if all[index].note?.isEmpty ?? true, let note = favourite.note, !note.isEmpty { all[index].note = note }
        }
        return all
    }
}
