public import Foundation
public import UseCases

/// The stores kept in the state folder's `state.sqlite`, opened once for a run.
public struct StateStores: Sendable {
    public let favourites: any FavouritesStore
    public let history: any HistoryStore
    private let runs: SQLiteHistoryStore
    /// The file's name in the state folder.
    public static let fileName = StateDatabase.fileName

    /// Opens (creating or migrating) the state database in `folder`. A file from a newer
    /// repodigest is refused; a corrupt or foreign one is kept aside and `warn` is told.
    /// - Parameter locked: whether the caller holds the state folder's lock (`RunLock`):
    ///   without it, a file that cannot be used is reported, never set aside.
    public init(folder: URL, warn: (String) -> Void, locked: Bool = true) throws(StateError) {
        let database = try StateDatabase.open(in: folder, warn: warn, locked: locked)
        favourites = SQLiteFavouritesStore(database: database)
        runs = SQLiteHistoryStore(database: database)
        history = runs
    }

    /// The newest recorded run's id (0 before the first); the next run recorded gets this plus one.
    public func latestRunID() async throws -> Int64 {
        try await runs.latestRunID()
    }
}
