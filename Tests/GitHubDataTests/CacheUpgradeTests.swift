import Foundation
import GRDB
import Testing

@testable import GitHubData

/// A cache from before `pushed_at` or each answer's content name was kept is upgraded in
/// place: its ETags stay, so the first run after the upgrade is still all 304s.
@Suite struct CacheUpgradeTests {
    /// A cache file as an earlier version left it: `sql` makes its table and rows.
    struct OldCache {
        let folder = FileManager.default.temporaryDirectory.appending(path: "upgrade-\(UUID().uuidString)")
        var path: URL { folder.appending(path: "cache.sqlite") }

        init(schema version: Int, _ sql: String) async throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await DatabaseQueue(path: path.path).write { db in
                try db.execute(
                    sql: sql + """
                        ;
                        PRAGMA application_id = \(SQLiteResponseCache.applicationID);
                        PRAGMA user_version = \(version);
                        """)
            }
        }

        /// The cache, upgraded as repodigest opens it: in place, without a word.
        func opened() throws -> SQLiteResponseCache {
            let warnings = WarningLog()
            let cache = try #require(SQLiteResponseCache.open(at: path, warnings: warnings))
            #expect(warnings.all.isEmpty)
            return cache
        }
    }

    @Test("a cache of schema 1 gains pushed_at and keeps every answer, without a warning")
    func schemaOneIsUpgraded() async throws {
        let old = try await OldCache(
            schema: 1,
            """
            CREATE TABLE response (
                key TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL DEFAULT 200, etag TEXT,
                last_modified TEXT, link TEXT, body BLOB NOT NULL, fetched_at DOUBLE NOT NULL);
            INSERT INTO response (key, etag, body, fetched_at) VALUES ('application/json https://x/readme', '"e1"', x'7B7D', 5)
            """)
        defer { try? FileManager.default.removeItem(at: old.folder) }
        let cache = try old.opened()
        let entry = try #require(await cache.entry(for: "application/json https://x/readme"))
        #expect(entry.etag == "\"e1\"" && entry.pushedAt == nil)
        await cache.markValidated(entry.key, at: Date(timeIntervalSince1970: 10), pushedAt: "42.0")
        let checks = await cache.checks(for: [entry.key, "absent"])
        #expect(
            checks == [
                entry.key: CachedResponse.Check(
                    fetchedAt: Date(timeIntervalSince1970: 10), pushedAt: "42.0",
                    content: CachedResponse.content(status: 200, body: Data("{}".utf8)))
            ])
        let version = try await DatabaseQueue(path: old.path.path).read {
            try Int.fetchOne($0, sql: "PRAGMA user_version")
        }
        #expect(version == SQLiteResponseCache.schemaVersion)
    }

    @Test("a cache of schema 2 gains each answer's content name; a store renames it, a 304 does not")
    func schemaTwoIsUpgraded() async throws {
        let old = try await OldCache(
            schema: 2,
            """
            CREATE TABLE response (
                key TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL DEFAULT 200, etag TEXT,
                last_modified TEXT, link TEXT, body BLOB NOT NULL, fetched_at DOUBLE NOT NULL, pushed_at TEXT);
            INSERT INTO response (key, etag, body, fetched_at) VALUES ('readme', '"e1"', x'7B7D', 5);
            INSERT INTO response (key, status, body, fetched_at) VALUES ('gone', 404, x'', 5)
            """)
        defer { try? FileManager.default.removeItem(at: old.folder) }
        let cache = try old.opened()
        #expect(await cache.entry(for: "readme")?.etag == "\"e1\"", "kept, validator and all")
        let named = await cache.checks(for: ["readme", "gone"]).mapValues(\.content)
        #expect(named["readme"] == CachedResponse.content(status: 200, body: Data("{}".utf8)))
        #expect(named["gone"] == CachedResponse.content(status: 404, body: Data()))
        #expect(named["readme"] != named["gone"])

        await cache.markValidated("readme", at: Date(timeIntervalSince1970: 10), pushedAt: "7")
        _ = await cache.generation()
        #expect(await cache.checks(for: ["readme"])["readme"]?.content == named["readme"], "a 304 changes nothing")
        await cache.store(CachedResponse(key: "readme", etag: "\"e2\"", body: Data("[]".utf8), fetchedAt: .now))
        #expect(
            await cache.checks(for: ["readme"])["readme"]?.content
                == CachedResponse.content(status: 200, body: Data("[]".utf8)))
    }

    /// SQLite's count of the write transactions that changed the file (its header's bytes 24–27).
    static func changeCounter(of path: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: path)[24..<28])
    }

    /// A cache as a first run leaves it, in a folder of its own (the caller's to remove).
    static func newCache() throws -> URL {
        let path = FileManager.default.temporaryDirectory.appending(path: "new-\(UUID().uuidString)/cache.sqlite")
        _ = try #require(SQLiteResponseCache.open(at: path, warnings: WarningLog()))
        return path
    }

    @Test("a cache already at this version is opened without a write: no run pays a transaction to open it")
    func aCurrentCacheOpensWithoutAWrite() async throws {
        let path = try Self.newCache()
        defer { try? FileManager.default.removeItem(at: path.deletingLastPathComponent()) }
        let made = try await DatabaseQueue(path: path.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
        }
        #expect(Set(made) == SQLiteResponseCache.schemaObjects, "the names `isCurrent` looks for are all it makes")
        // Its trigger as the code before `isCurrent` wrote it, inline among the other statements.
        try await DatabaseQueue(path: path.path).write { db in
            try db.execute(
                sql: """
                    DROP TRIGGER response_changed;
                    CREATE TRIGGER response_changed AFTER UPDATE OF key, status, link, body ON response
                        WHEN OLD.key IS NOT NEW.key OR OLD.status IS NOT NEW.status OR OLD.link IS NOT NEW.link
                            OR OLD.body IS NOT NEW.body
                        BEGIN UPDATE generation SET counter = counter + 1; END;
                    """)
        }
        let counter = try Self.changeCounter(of: path)
        let warnings = WarningLog()
        _ = try #require(SQLiteResponseCache.open(at: path, warnings: warnings))
        #expect(try Self.changeCounter(of: path) == counter && warnings.all.isEmpty)
    }

    @Test("a cache of this version whose trigger still watches the validators gets the current one")
    func anOlderTriggerIsMadeAnew() async throws {
        let path = try Self.newCache()
        defer { try? FileManager.default.removeItem(at: path.deletingLastPathComponent()) }
        func trigger() async throws -> String? {
            try await DatabaseQueue(path: path.path).read { db in
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'response_changed'")
            }
        }
        try await DatabaseQueue(path: path.path).write { db in
            try db.execute(
                sql: """
                    DROP TRIGGER response_changed;
                    CREATE TRIGGER response_changed AFTER UPDATE OF key, status, etag, last_modified, link, body ON response
                        BEGIN UPDATE generation SET counter = counter + 1; END
                    """)
        }
        #expect(try await trigger()?.contains("etag") == true)
        _ = try #require(SQLiteResponseCache.open(at: path, warnings: WarningLog()))
        #expect(try await trigger() == SQLiteResponseCache.answerChangedTrigger)
    }

    @Test("a run's 304s are seen at once and reach the file together: before the generation is read, or at the end")
    func validationsAreWrittenTogether() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "validated-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appending(path: "cache.sqlite")
        func fetchedAt(_ key: String) async throws -> Double? {
            try await DatabaseQueue(path: path.path).read {
                try Double.fetchOne($0, sql: "SELECT fetched_at FROM response WHERE key = ?", arguments: [key])
            }
        }
        var cache = try #require(SQLiteResponseCache.open(at: path, warnings: WarningLog()))
        for key in ["a", "b"] {
            await cache.store(CachedResponse(key: key, etag: "\"1\"", body: Data("{}".utf8), fetchedAt: .distantPast))
        }
        await cache.markValidated("a", at: Date(timeIntervalSince1970: 10), pushedAt: "7")
        #expect(await cache.entry(for: "a")?.fetchedAt == Date(timeIntervalSince1970: 10), "read back at once")
        #expect(await cache.checks(for: ["a"])["a"]?.pushedAt == "7")
        #expect(try await fetchedAt("a") == Date.distantPast.timeIntervalSince1970, "not yet in the file")
        _ = await cache.generation()
        #expect(try await fetchedAt("a") == 10, "written before the generation is read")

        await cache.markValidated("b", at: Date(timeIntervalSince1970: 20), pushedAt: nil)
        cache = try #require(
            SQLiteResponseCache.open(at: folder.appending(path: "other.sqlite"), warnings: WarningLog()))
        #expect(try await fetchedAt("b") == 20, "written when the cache goes away")
    }
}
