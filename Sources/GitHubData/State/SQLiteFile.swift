import Foundation
internal import GRDB

/// What an SQLite file in the state folder holds, looked at read-only before it is opened
/// for writing: the response cache and the state database decide differently what to do
/// with a file they cannot use, but they tell one the same way.
enum SQLiteFile {
    /// What went wrong with a file, in words: a read-only folder, a full disk, another
    /// process, damage; SQLite's own message for anything else, without the statement that
    /// met it (GRDB's description quotes the SQL).
    static func reason(for error: any Error) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        switch error.resultCode {
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return "the file or its folder cannot be written (read-only?); nothing was changed"
        case .SQLITE_FULL: return "the disk is full; nothing was changed"
        case .SQLITE_BUSY, .SQLITE_LOCKED: return "another process holds the file; try again once it is done"
        case .SQLITE_IOERR, .SQLITE_CANTOPEN: return "the file cannot be read or written (an I/O error)"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return "the file is damaged"
        default: return "SQLite error \(error.resultCode.rawValue): \(error.message ?? "no message")"
        }
    }

    enum Inspection: Equatable {
        /// No file, or an empty one: ours to fill.
        case fresh
        /// Ours, at this schema version.
        case ours(version: Int)
        /// Not ours, corrupt or unreadable, and why.
        case unusable(String)
        /// Held by another process past `busyTimeout` (a write in progress): sound, as far
        /// as anyone knows, and never to be set aside for it.
        case busy(String)
    }

    /// How long a connection waits for another process's write to end before it gives up:
    /// `favourites add` beside `favourites list`, a build beside either.
    static let busyTimeout: TimeInterval = 10

    /// - Parameters:
    ///   - applicationID: the `PRAGMA application_id` our files carry.
    ///   - wholeFile: also read every page (`PRAGMA quick_check`). Without it only the header
    ///     and the schema are read, and a damaged page is found when it is read.
    ///   - typesChecked: also check that every cell holds what its column is declared to
    ///     (`mistyped`): a cell of another type (`taken_at = 'abc'`, written by hand) would stop
    ///     the program where it is read, on every run, before the file could be set aside.
    static func inspect(
        _ path: URL, applicationID: Int32, describedAs name: String, wholeFile: Bool = true,
        typesChecked: Bool = false
    ) -> Inspection {
        guard FileManager.default.fileExists(atPath: path.path) else { return .fresh }
        // A FIFO opened as a database waits for a writer for ever: looked at, not opened.
        var status = stat()
        if stat(path.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            return .unusable("the \(name) file is not a regular file (a FIFO, a socket or a device)")
        }
        rollBackAnUnfinishedWrite(path)
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(busyTimeout)
            let database = try DatabaseQueue(path: path.path, configuration: configuration)
            defer { try? database.close() }
            return try database.read { db -> Inspection in
                if wholeFile {
                    let check = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer"
                    guard check == "ok" else { return .unusable("the \(name) file is corrupt (\(check))") }
                }
                let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                if application == 0 && version == 0 && tables == 0 { return .fresh }
                guard application == applicationID else { return .unusable("not a repodigest \(name) file") }
                if typesChecked, let (table, column) = try mistyped(db) {
                    return .unusable("the \(name) file holds a value of the wrong type in \(table).\(column)")
                }
                return .ours(version: version)
            }
        } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
            return .busy(reason(for: error))
        } catch {
            return .unusable("the \(name) file cannot be read (\(error))")
        }
    }

    /// The first column holding a cell of another storage class than the schema declares for
    /// it (INTEGER: integer; TEXT: text; DOUBLE: real or integer; BLOB: blob; null where it may
    /// be null), as table and column; nil when every cell is what its column says.
    private static func mistyped(_ db: Database) throws -> (String, String)? {
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        for table in tables {
            let columns = try Row.fetchAll(
                db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", arguments: [table])
            for column in columns {
                var allowed = storageClasses(declared: column["type"] as String? ?? "")
                guard !allowed.isEmpty else { continue }
                if column["notnull"] as Int == 0 && column["pk"] as Int == 0 { allowed.append("null") }
                let name: String = column["name"]
                let classes = allowed.map { "'\($0)'" }.joined(separator: ", ")
                let sql = "SELECT 1 FROM \"\(table)\" WHERE typeof(\"\(name)\") NOT IN (\(classes)) LIMIT 1"
                if try Int.fetchOne(db, sql: sql) != nil { return (table, name) }
            }
        }
        return nil
    }

    /// The storage classes a column declared so may hold; none for a declaration not checked.
    private static func storageClasses(declared: String) -> [String] {
        let declared = declared.uppercased()
        if declared.contains("INT") { return ["integer"] }
        if declared.contains("TEXT") { return ["text"] }
        if declared.contains("DOUBLE") || declared.contains("REAL") { return ["real", "integer"] }
        if declared.contains("BLOB") { return ["blob"] }
        return []
    }

    /// A run killed in the middle of a write (`kill -9`, a power cut) leaves a hot journal
    /// beside the file. Only a writer may roll it back: a read-only look fails with
    /// SQLITE_READONLY and would set a sound file aside. Opening it once for writing is
    /// SQLite's own crash recovery; the journal restores the file as of the last commit.
    /// (A journal beside a file another process is writing is not hot: SQLite leaves it be.)
    private static func rollBackAnUnfinishedWrite(_ path: URL) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        guard FileManager.default.fileExists(atPath: path.path + "-journal"),
            let database = try? DatabaseQueue(path: path.path, configuration: configuration)
        else { return }
        _ = try? database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
        try? database.close()
    }

    /// Renames the file to `NAME.set-aside-TIMESTAMP-N`, so nothing in it is lost, and drops
    /// SQLite's companion files that belonged to it.
    static func setAside(_ path: URL) throws -> URL {
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
