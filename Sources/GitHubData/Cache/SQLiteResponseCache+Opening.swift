import Foundation
internal import GRDB

extension SQLiteResponseCache {
    /// Opens (or creates) the cache at `path`. A file that is corrupt, not ours, or of another
    /// schema version is renamed aside with a warning and a new cache started; if even that
    /// fails, the run goes on without a cache (nil), again with a warning.
    static func open(at path: URL, warnings: WarningLog) -> SQLiteResponseCache? {
        do {
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: path.path), let problem = problem(with: path) {
                let aside = try setAside(path)
                warnings.add("\(path.path): \(problem); set aside as \(aside.lastPathComponent), starting an empty cache")
            }
            let database = try DatabaseQueue(path: path.path)
            try database.write { db in
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS response (
                        key TEXT PRIMARY KEY NOT NULL,
                        status INTEGER NOT NULL DEFAULT 200,
                        etag TEXT,
                        last_modified TEXT,
                        link TEXT,
                        body BLOB NOT NULL,
                        fetched_at DOUBLE NOT NULL
                    );
                    PRAGMA application_id = \(applicationID);
                    PRAGMA user_version = \(schemaVersion);
                    """)
            }
            return SQLiteResponseCache(database: database, warnings: warnings)
        } catch {
            warnings.add("\(path.path): the response cache cannot be used (\(error)); every request goes to GitHub in full")
            return nil
        }
    }

    /// Why an existing file cannot serve as our cache, or nil when it can.
    private static func problem(with path: URL) -> String? {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let database = try DatabaseQueue(path: path.path, configuration: configuration)
            defer { try? database.close() }
            return try database.read { db -> String? in
                let check = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer"
                guard check == "ok" else { return "the cache file is corrupt (\(check))" }
                let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                if application == 0 && version == 0 && tables == 0 { return nil }  // empty: ours to fill
                guard application == applicationID else { return "not a repodigest cache file" }
                guard version == schemaVersion else {
                    return "a cache of another repodigest version (schema \(version), this one reads \(schemaVersion))"
                }
                return nil
            }
        } catch {
            return "the cache file cannot be read (\(error))"
        }
    }

    /// Renames the file (and SQLite's companions) to `NAME.set-aside-TIMESTAMP`.
    private static func setAside(_ path: URL) throws -> URL {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
            .replacingOccurrences(of: ":", with: "")
        let aside = path.deletingLastPathComponent()
            .appending(path: "\(path.lastPathComponent).set-aside-\(stamp)-\(UInt32.random(in: 0...0xFFFF))")
        try FileManager.default.moveItem(at: path, to: aside)
        for suffix in ["-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path.path + suffix)
        }
        return aside
    }
}
