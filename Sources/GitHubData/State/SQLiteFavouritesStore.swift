import Entities
import Foundation
internal import GRDB
import UseCases

/// The favourites of `repodigest favourites`, in `state.sqlite`.
final class SQLiteFavouritesStore: FavouritesStore {
    private let database: StateDatabase

    init(database: StateDatabase) {
        self.database = database
    }

    public func favourites() async throws -> [Favourite] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT owner, name, note FROM favourite ORDER BY added_at, owner, name").map {
                row in
                Favourite(name: RepoName(owner: row["owner"], name: row["name"]), note: row["note"])
            }
        }
    }

    public func add(_ favourite: Favourite) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO favourite (owner, name, note, added_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (owner, name) DO UPDATE SET note = coalesce(excluded.note, favourite.note)
                    """,
                arguments: [favourite.name.owner, favourite.name.name, favourite.note, Date().timeIntervalSince1970])
        }
    }

    public func remove(_ name: RepoName) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM favourite WHERE owner = ? AND name = ?", arguments: [name.owner, name.name])
            return db.changesCount > 0
        }
    }
}
