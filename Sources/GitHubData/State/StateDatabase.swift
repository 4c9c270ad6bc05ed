import Foundation
internal import GRDB

/// `state.sqlite` in the state folder: the favourites a person added and the snapshots of
/// past runs. Unlike the cache this is the user's data, so nothing in it is ever dropped:
/// an older schema is migrated, a file from a newer repodigest is refused (the run stops
/// with a message, the file untouched), and a corrupt or foreign file is renamed aside
/// with a warning before a new one is started.
final class StateDatabase: Sendable {
    /// `PRAGMA application_id`, "rdST".
    static let applicationID: Int32 = 0x7264_5354
    /// The schema each migration brings the file to, in order; `PRAGMA user_version` is the
    /// number of migrations applied.
    static let migrations: [String] = [
        """
        CREATE TABLE favourite (
            owner TEXT NOT NULL COLLATE NOCASE,
            name TEXT NOT NULL COLLATE NOCASE,
            note TEXT,
            added_at DOUBLE NOT NULL,
            PRIMARY KEY (owner, name)
        );
        CREATE TABLE run (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            taken_at DOUBLE NOT NULL,
            starred_complete INTEGER NOT NULL
        );
        CREATE TABLE snapshot (
            run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
            repo_id INTEGER NOT NULL,
            owner TEXT NOT NULL,
            name TEXT NOT NULL,
            stars INTEGER NOT NULL,
            forks INTEGER NOT NULL,
            open_issues INTEGER NOT NULL,
            latest_release TEXT,
            pushed_at DOUBLE,
            archived INTEGER NOT NULL,
            starred INTEGER NOT NULL,
            favourite INTEGER NOT NULL,
            PRIMARY KEY (run_id, repo_id)
        );
        """,
        // Complete starred reads by runs that found nothing new, and so recorded no run. No
        // longer read (every run now reads every starred list to its end); kept, as a
        // migration that ran once must stay in the list.
        """
        CREATE TABLE complete_starred_read (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            taken_at DOUBLE NOT NULL
        );
        """,
        // What each run read (JSON of its sources) and whose stars held each repository (a
        // JSON array of logins), so that a configuration change is not reported as news.
        // NULL in rows recorded before: such a run is taken to have read what the next did.
        """
        ALTER TABLE run ADD COLUMN sources TEXT;
        ALTER TABLE snapshot ADD COLUMN starred_by TEXT;
        """,
        // The Star Lists that held each repository (a JSON array of names), so that the
        // digest can say what was added to or taken out of a List. NULL: in no List.
        """
        ALTER TABLE snapshot ADD COLUMN lists TEXT;
        """,
        // A row per repository per run grew by every repository every hour (1.5 MB a run at
        // 10,000): a row now holds a repository's figures for the span of runs that recorded
        // them unchanged, open (`last_run` NULL) while the latest run holds them. Each old row
        // becomes a span of its one run.
        """
        CREATE TABLE snapshot_span (
            repo_id INTEGER NOT NULL,
            first_run INTEGER NOT NULL,
            last_run INTEGER,
            owner TEXT NOT NULL,
            name TEXT NOT NULL,
            stars INTEGER NOT NULL,
            forks INTEGER NOT NULL,
            open_issues INTEGER NOT NULL,
            latest_release TEXT,
            pushed_at DOUBLE,
            archived INTEGER NOT NULL,
            starred INTEGER NOT NULL,
            favourite INTEGER NOT NULL,
            starred_by TEXT,
            lists TEXT,
            PRIMARY KEY (repo_id, first_run)
        );
        CREATE INDEX snapshot_span_last_run ON snapshot_span (last_run);
        INSERT INTO snapshot_span
            SELECT repo_id, run_id, CASE WHEN run_id = (SELECT max(id) FROM run) THEN NULL ELSE run_id END,
                owner, name, stars, forks, open_issues, latest_release, pushed_at, archived, starred, favourite,
                starred_by, lists
            FROM snapshot;
        DROP TABLE snapshot;
        """,
        // The repositories each run found gone (a JSON array of ids; NULL: none), so that a
        // later run with no news of its own can show that run's news again, gone ones too.
        """
        ALTER TABLE run ADD COLUMN gone TEXT;
        """,
        // The news each run found that the feeds tell as changes (a JSON array; NULL: none),
        // so that the feeds go on telling it after later runs (`RunSnapshot.news`).
        """
        ALTER TABLE run ADD COLUMN news TEXT;
        """,
        // Since when no run could fetch a repository's releases (`RepoSnapshot
        // .releasesUnknownSince`; NULL: known), and when the latest release was published: so
        // that the first release fetched of such a repository is news only if published since.
        """
        ALTER TABLE snapshot_span ADD COLUMN releases_unknown_since DOUBLE;
        ALTER TABLE snapshot_span ADD COLUMN latest_release_at DOUBLE;
        """,
    ]

    let queue: DatabaseQueue
    /// The file, named in every failure.
    let path: String

    private init(queue: DatabaseQueue, path: String) {
        self.queue = queue
        self.path = path
    }

    /// `body` in a read of the file; a failure told as the file's, not as the SQL that met it.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StateError) -> T {
        do { return try await queue.read(body) } catch { throw Self.failure(error, path: path) }
    }

    /// `body` in one transaction; a failure (nothing of it written) told as the file's.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StateError) -> T {
        do { return try await queue.write(body) } catch { throw Self.failure(error, path: path) }
    }

    /// A failure of the file as a person reads it (`SQLiteFile.reason`), naming the file.
    static func failure(_ error: any Error, path: String) -> StateError {
        .unusable(path: path, reason: SQLiteFile.reason(for: error))
    }

    static let fileName = "state.sqlite"

    /// Whether the state file at `path` is there but empty, beside a response cache: a file
    /// a run left so has a run's writes in it (an empty one is never written), so something
    /// else emptied it (a full disk's copy, a truncating editor, `: >`).
    private static func isEmptied(_ path: URL) -> Bool {
        let cache = path.deletingLastPathComponent().appending(path: SQLiteResponseCache.fileName)
        func size(_ url: URL) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
        }
        return size(path) == 0 && (size(cache) ?? 0) > 0
    }

    /// Opens `state.sqlite` in `folder`, creating or migrating it.
    /// - Parameters:
    ///   - warn: told when an unusable file was set aside.
    ///   - locked: whether the caller holds the state folder's lock. Only then is a file that
    ///     cannot be used set aside: a reader without it (`favourites list`) could take
    ///     another process's write in progress for damage, and move the live file away.
    static func open(in folder: URL, warn: (String) -> Void, locked: Bool = true) throws(StateError) -> StateDatabase {
        let path = folder.appending(path: fileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unusable(path: folder.path, reason: "cannot create the state folder (\(error.localizedDescription))")
        }
        if isEmptied(path) {
            // SQLite takes an empty file for a new database, and would fill it without a word.
            warn(
                "\(path.path) is empty (0 bytes), though the folder holds a response cache from earlier runs: favourites added with `repodigest favourites add` and past runs, if there were any, are gone; starting a new state file"
            )
        }
        switch SQLiteFile.inspect(path, applicationID: applicationID, describedAs: "state", typesChecked: true) {
        case .ours(let version) where version > migrations.count:
            throw .newerSchema(path: path.path, found: version, known: migrations.count)
        case .busy(let reason):
            throw .unusable(path: path.path, reason: reason)
        case .unusable(let reason) where !locked:
            throw .unusable(
                path: path.path, reason: "\(reason); the next build or `repodigest favourites add` sets it aside")
        case .unusable(let reason):
            do {
                let aside = try SQLiteFile.setAside(path)
                warn(
                    "\(path.path): \(reason); kept as \(aside.lastPathComponent), starting a new state file (favourites added with `repodigest favourites add` and past runs are in the kept file)"
                )
            } catch {
                throw .unusable(
                    path: path.path, reason: "\(reason), and it cannot be set aside (\(error.localizedDescription))")
            }
        case .fresh, .ours:
            break
        }
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(SQLiteFile.busyTimeout)
            let queue = try DatabaseQueue(path: path.path, configuration: configuration)
            try queue.write { db in
                let applied = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                for (index, migration) in migrations.enumerated() where index >= applied {
                    try db.execute(sql: migration)
                }
                // Set only when they change: setting either, even to the value it has, writes
                // the file (a journal and four `fdatasync`s), and a file at this version holds
                // nothing for opening it to write.
                let identified = try Int32.fetchOne(db, sql: "PRAGMA application_id") == applicationID
                if applied != migrations.count || !identified {
                    try db.execute(
                        sql: "PRAGMA application_id = \(applicationID); PRAGMA user_version = \(migrations.count)")
                }
            }
            return StateDatabase(queue: queue, path: path.path)
        } catch {
            throw failure(error, path: path.path)
        }
    }
}

/// Why the state folder cannot be used. Nothing in it was changed.
public enum StateError: Error, Equatable, CustomStringConvertible {
    case newerSchema(path: String, found: Int, known: Int)
    case unusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .newerSchema(let path, let found, let known):
            return "\(path) was written by a newer repodigest (schema \(found); this one knows up to \(known)). "
                + "It is left untouched: upgrade repodigest, or point --state-dir at another folder."
        case .unusable(let path, let reason):
            return "\(path): \(reason)"
        }
    }
}
