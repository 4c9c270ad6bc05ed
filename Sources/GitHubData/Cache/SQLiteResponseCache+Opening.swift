import Foundation
internal import GRDB

extension SQLiteResponseCache {
    /// Opens (or creates) the cache at `path`. A file that is corrupt, not ours, or of a newer
    /// schema version is renamed aside with a warning and a new cache started; if even that
    /// fails, the run goes on without a cache (nil), again with a warning.
    static func open(at path: URL, warnings: WarningLog) -> SQLiteResponseCache? {
        do {
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let problem = try problem(with: path) {
                let aside = try SQLiteFile.setAside(path)
                warnings.add(
                    "\(path.path): \(problem); set aside as \(aside.lastPathComponent), starting an empty cache")
            }
            do {
                return try connect(at: path, warnings: warnings)
            } catch  where isDamage(error) {
                // Damage past the header, found reading the schema (or, upgrading, writing it).
                let aside = try SQLiteFile.setAside(path)
                warnings.add(
                    "\(path.path): the cache file is corrupt (\((error as? DatabaseError)?.message ?? "\(error)")); set aside as "
                        + "\(aside.lastPathComponent), starting an empty cache")
                return try connect(at: path, warnings: warnings)
            }
        } catch {
            warnings.add(
                "\(path.path): the response cache cannot be used (\(SQLiteFile.reason(for: error))); every request goes to GitHub in full"
            )
            return nil
        }
    }

    /// `cache.sqlite.damaged`, beside the cache: left by a run that found the file damaged.
    static func damageMark(of path: URL) -> URL {
        path.deletingLastPathComponent().appending(path: path.lastPathComponent + ".damaged")
    }

    /// Opens the cache at `path`, creating or upgrading its tables.
    private static func connect(at path: URL, warnings: WarningLog) throws -> SQLiteResponseCache {
        let database = try DatabaseQueue(path: path.path)
        try database.write { db in
            // A file that already holds all this makes is left as it is: setting a pragma, even
            // to the value it has, and making a trigger anew are writes (a journal and four
            // `fdatasync`s), which every run paid to open the cache.
            guard try !isCurrent(db) else { return }
            // Version 1 lacked `pushed_at`, version 2 `content`: added, not set aside, so the
            // upgrade keeps every ETag.
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            if version == 1 {
                try db.execute(sql: "ALTER TABLE response ADD COLUMN pushed_at TEXT")
            }
            if version == 1 || version == 2 {
                try db.execute(sql: "ALTER TABLE response ADD COLUMN content TEXT")
                try fillContent(db)
            }
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS response (
                        key TEXT PRIMARY KEY NOT NULL,
                        status INTEGER NOT NULL DEFAULT 200,
                        etag TEXT,
                        last_modified TEXT,
                        link TEXT,
                        body BLOB NOT NULL,
                        fetched_at DOUBLE NOT NULL,
                        pushed_at TEXT,
                        content TEXT
                    );
                    CREATE TABLE IF NOT EXISTS generation (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        cache TEXT NOT NULL,
                        counter INTEGER NOT NULL
                    );
                    -- What `checks(for:)` reads, apart from the bodies: columns stored after a
                    -- body are reached through its overflow pages, so reading them from the
                    -- table read every README of the site, twice a run.
                    CREATE INDEX IF NOT EXISTS response_check ON response (key, fetched_at, pushed_at, content);
                    INSERT OR IGNORE INTO generation (id, cache, counter) VALUES (1, lower(hex(randomblob(16))), 0);
                    CREATE TRIGGER IF NOT EXISTS response_inserted AFTER INSERT ON response
                        BEGIN UPDATE generation SET counter = counter + 1; END;
                    CREATE TRIGGER IF NOT EXISTS response_deleted AFTER DELETE ON response
                        BEGIN UPDATE generation SET counter = counter + 1; END;
                    DROP TRIGGER IF EXISTS response_changed;
                    \(answerChangedTrigger);
                    -- Each list answer as decoded (`DecodedCopy`), read in its JSON's stead. A
                    -- copy goes with any change of its answer, so one that is there is current.
                    CREATE TABLE IF NOT EXISTS decoded (
                        key TEXT PRIMARY KEY NOT NULL,
                        link TEXT,
                        copy BLOB NOT NULL
                    );
                    CREATE TRIGGER IF NOT EXISTS decoded_answer_changed AFTER UPDATE OF key, status, link, body ON response
                        WHEN OLD.key IS NOT NEW.key OR OLD.status IS NOT NEW.status OR OLD.link IS NOT NEW.link
                            OR OLD.body IS NOT NEW.body
                        BEGIN DELETE FROM decoded WHERE key = OLD.key OR key = NEW.key; END;
                    CREATE TRIGGER IF NOT EXISTS decoded_answer_deleted AFTER DELETE ON response
                        BEGIN DELETE FROM decoded WHERE key = OLD.key; END;
                    PRAGMA application_id = \(applicationID);
                    PRAGMA user_version = \(schemaVersion);
                    """)
        }
        return SQLiteResponseCache(database: database, warnings: warnings, damageMark: damageMark(of: path))
    }

    /// Moves the generation when what an answer says changes (its body, status or `Link`), not
    /// when only its validators do. Caches made before it watched the validators too: their
    /// trigger is made anew (`connect`), though their version is this one.
    static let answerChangedTrigger = """
        CREATE TRIGGER response_changed AFTER UPDATE OF key, status, link, body ON response
            WHEN OLD.key IS NOT NEW.key OR OLD.status IS NOT NEW.status OR OLD.link IS NOT NEW.link
                OR OLD.body IS NOT NEW.body
            BEGIN UPDATE generation SET counter = counter + 1; END
        """

    /// The tables, indexes and triggers `connect` makes (SQLite's own indexes aside).
    static let schemaObjects: Set<String> = [
        "response", "generation", "response_check", "response_inserted", "response_deleted", "response_changed",
        "decoded", "decoded_answer_changed", "decoded_answer_deleted",
    ]

    /// Whether the file holds, at this version, all that `connect` would make, the current
    /// `response_changed` and the generation's row included: opening it then changes nothing.
    private static func isCurrent(_ db: Database) throws -> Bool {
        guard try Int.fetchOne(db, sql: "PRAGMA user_version") == schemaVersion,
            try Int32.fetchOne(db, sql: "PRAGMA application_id") == applicationID
        else { return false }
        let schema = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master")
        let names = Set(schema.map { $0[0] as String })
        let trigger = schema.first { ($0[0] as String) == "response_changed" }.flatMap { $0[1] as String? }
        guard names.isSuperset(of: schemaObjects), trigger == answerChangedTrigger else { return false }
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM generation WHERE id = 1") == 1
    }

    /// Names the content of every row kept before the column existed, reading each body once.
    private static func fillContent(_ db: Database) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT key, status, body FROM response")
        var contents: [(key: String, content: String)] = []
        while let row = try rows.next() {
            // Decoded, not read through subscripts, which trap on a cell of another type: this
            // throws, and the run goes on without the cache, saying why.
            contents.append(
                (
                    try row.decode(String.self, atIndex: 0),
                    CachedResponse.content(
                        status: try row.decode(Int.self, atIndex: 1), body: try row.decode(Data.self, atIndex: 2))
                ))
        }
        for (key, content) in contents {
            try db.execute(sql: "UPDATE response SET content = ? WHERE key = ?", arguments: [content, key])
        }
    }

    /// Why an existing file cannot serve as our cache, or nil when it can. An older version is
    /// upgraded when opened; a newer one is set aside: a cache is only an optimisation, and a
    /// later repodigest's tables are not this one's to read.
    ///
    /// Only its header and schema are read: checking every page read the whole cache (READMEs
    /// and all, 185 MB at 10,000 repositories) each run, from disk when the run is hourly. A
    /// page found damaged while reading costs that answer, fetched in full with a warning, and
    /// leaves a mark for the next run, which checks every page once and sets the file aside.
    private static func problem(with path: URL) throws -> String? {
        let mark = damageMark(of: path)
        let suspect = FileManager.default.fileExists(atPath: mark.path)
        defer { if suspect { try? FileManager.default.removeItem(at: mark) } }
        switch SQLiteFile.inspect(path, applicationID: applicationID, describedAs: "cache", wholeFile: suspect) {
        case .fresh: return nil
        case .ours(let version) where (1...schemaVersion).contains(version): return nil
        case .ours(let version):
            return "a cache of another repodigest version (schema \(version), this one reads \(schemaVersion))"
        case .unusable(let reason): return reason
        case .busy(let reason): throw Busy(description: reason)
        }
    }

    /// The cache file held by another process: used by no run, and set aside by none.
    private struct Busy: Error, CustomStringConvertible {
        var description: String
    }
}
