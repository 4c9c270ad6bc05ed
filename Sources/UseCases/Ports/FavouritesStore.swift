public import Entities

/// The favourites a person added with `repodigest favourites add` (SQLite in the state
/// directory); those named in the configuration are not stored here.
public protocol FavouritesStore: Sendable {
    func favourites() async throws -> [Favourite]
    /// Adding a favourite already there updates its note and is otherwise harmless.
    func add(_ favourite: Favourite) async throws
    /// Whether there was such a favourite to remove.
    func remove(_ name: RepoName) async throws -> Bool
}
