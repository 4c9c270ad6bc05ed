import Foundation
import UseCases

/// The stores kept in the state folder's `state.sqlite`, opened once for a run.
public struct StateStores: Sendable {
    public let favourites: any FavouritesStore
    public let history: any HistoryStore

    /// Opens (creating or migrating) the state database in `folder`. A file from a newer
    /// repodigest is refused; a corrupt or foreign one is kept aside and `warn` is told.
    public init(folder: URL, warn: (String) -> Void) throws(StateError) {
        let database = try StateDatabase.open(in: folder, warn: warn)
        favourites = SQLiteFavouritesStore(database: database)
        history = SQLiteHistoryStore(database: database)
    }
}
