import Foundation
internal import GRDB
import Synchronization

/// The response cache in SQLite, `cache.sqlite` in the state directory. A cache is only ever
/// an optimisation: a file that cannot be used is set aside (see `+Opening`), and a read or
/// write that fails later counts as a miss, with one warning, never as a failed build.
final class SQLiteResponseCache: ResponseCache {
    /// Written as `PRAGMA user_version`. An older version is upgraded in place (`connect`); a
    /// newer one, from a later repodigest, is set aside.
    static let schemaVersion = 3
    /// `PRAGMA application_id`, "rdRC": tells our file from any other SQLite file.
    static let applicationID: Int32 = 0x7264_5243
    static let fileName = "cache.sqlite"

    private let database: DatabaseQueue
    private let warnings: WarningLog
    /// Made beside the file when a read or write finds it damaged: the next run then checks
    /// every page when it opens the cache, and sets a damaged file aside (`+Opening`).
    private let damageMark: URL
    /// A write or removal failed this run: what a build read may then differ from the rows,
    /// so the generation can no longer vouch for it.
    private let failedWrite = Mutex(false)
    /// 304s of this run not yet written: all in one transaction, rather than one per answer
    /// (with SQLite's rollback journal, four fsyncs each: 440 in a run that found nothing
    /// changed). Reads see them; they are written before the generation is read (every
    /// decision of a build reads it first), past `flushEvery`, and when the cache goes away. A
    /// run killed before loses only these times: the next re-checks a little sooner.
    private let validated = Mutex<[String: CachedResponse.Check]>([:])
    static let flushEvery = 500
    /// Answers of this run whose write failed: read from here for the rest of the run, so a
    /// README fetched while gathering and read when its page is made is the one fetched.
    private let unwritten = Mutex<[String: CachedResponse]>([:])
    /// Every key this run read, checked, confirmed or stored, what `prune` keeps, as an
    /// eight-byte hash each (30,000 keys of ~100 bytes at 10,000 repositories were megabytes
    /// more at a build's peak). A stale row whose hash matches a used key's is merely kept.
    private let touched = Mutex<Set<UInt64>>([])
    /// Decoded copies of answers read this run, not yet written: with the 304s, each only
    /// while its answer is still the one it was decoded from.
    private let copies = Mutex<[String: (content: String, link: String?, bytes: Data)]>([:])

    init(database: DatabaseQueue, warnings: WarningLog, damageMark: URL) {
        self.database = database
        self.warnings = warnings
        self.damageMark = damageMark
    }

    /// Whether `error` says the file is damaged (a page that does not read as SQLite's), not
    /// merely busy or full.
    static func isDamage(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode)
    }

    /// A read that failed: the run goes on fetching without the cache, told once; damage to
    /// the file is marked (`noteDamage`).
    private func readFailed(_ error: any Error) {
        noteDamage(error)
        warnings.once("the response cache could not be read (\(SQLiteFile.reason(for: error))); fetching without it")
    }

    /// Leaves the damage mark when `error` is damage to the file.
    private func noteDamage(_ error: any Error) {
        guard Self.isDamage(error) else { return }
        _ = FileManager.default.createFile(atPath: damageMark.path, contents: nil)
    }

    func entry(for key: String) async -> CachedResponse? {
        await entries(for: [key])[key]
    }

    /// One statement per key, prepared once per run, all of `keys` in one turn of the
    /// database's queue. A single key is read outside a transaction, atomic on its own (a
    /// BEGIN and COMMIT cost more than the read, done 10,000 times in a run at 10,000
    /// repositories); many keys in one.
    func entries(for keys: [String]) async -> [String: CachedResponse] {
        touch(keys)
        var found = unwritten.withLock { kept in keys.reduce(into: [String: CachedResponse]()) { $0[$1] = kept[$1] } }
        let unread = keys.filter { found[$0] == nil }
        guard !unread.isEmpty else { return found }
        do {
            let reading = { @Sendable (db: Database) throws -> ([CachedResponse], [MistypedCell]) in
                let statement = try db.cachedStatement(
                    sql: """
                        SELECT r.status, r.etag, r.last_modified, r.link, r.body, r.fetched_at, r.pushed_at, d.copy
                        FROM response r LEFT JOIN decoded d ON d.key = r.key WHERE r.key = ?
                        """)
                var (read, mistyped) = ([CachedResponse](), [MistypedCell]())
                for key in unread {
                    guard let row = try Row.fetchOne(statement, arguments: [key]) else { continue }
                    do throws(MistypedCell) {
                        // By position, as selected (a lookup by name is a search of the names).
                        read.append(
                            CachedResponse(
                                key: key, status: try row.cell(0, "status", of: key),
                                etag: try row.cell(1, "etag", of: key),
                                lastModified: try row.cell(2, "last_modified", of: key),
                                link: try row.cell(3, "link", of: key), body: try row.cell(4, "body", of: key),
                                fetchedAt: Date(timeIntervalSince1970: try row.cell(5, "fetched_at", of: key)),
                                pushedAt: try row.cell(6, "pushed_at", of: key),
                                decoded: try row.cell(7, "copy", of: key)))
                    } catch {
                        mistyped.append(error)
                    }
                }
                return (read, mistyped)
            }
            // Many at once in one transaction: SQLite's file locks once, not once a key.
            let (read, mistyped) = try await unread.count > 1 ? database.read(reading) : database.unsafeRead(reading)
            await drop(mistyped)
            let marks = validated.withLock { $0 }
            for var entry in read {
                if let mark = marks[entry.key] {
                    entry.fetchedAt = mark.fetchedAt
                    entry.pushedAt = mark.pushedAt ?? entry.pushedAt
                }
                found[entry.key] = entry
            }
            return found
        } catch {
            readFailed(error)
            return found
        }
    }

    func chain(from url: String, limit: Int, key: @escaping @Sendable (String) -> String) async -> [String] {
        let read: [String]
        do {
            // One read for the whole chain: a hundred pages asked one at a time waited a hundred
            // turns of the database queue.
            read = try await database.unsafeRead { db in
                var chain = [url]
                var seen: Set = [url]
                while chain.count < limit, let last = chain.last {
                    let key = key(last)
                    let link =
                        if let kept = self.unwritten.withLock({ $0[key] }) {
                            kept.isNotFound ? nil : kept.link
                        } else {
                            // Before the body in the row: read without it.
                            try String.fetchOne(
                                db, sql: "SELECT link FROM response WHERE key = ? AND status != 404", arguments: [key])
                        }
                    guard let next = LinkHeader(link).next.map({ LinkHeader.resolve($0, against: last) }),
                        LinkHeader.isFetchable(next), seen.insert(next).inserted
                    else { break }
                    chain.append(next)
                }
                return chain
            }
        } catch {
            readFailed(error)
            return [url]
        }
        touch(read.map(key))
        return read
    }

    func store(_ response: CachedResponse, decoded copy: Data?) async {
        touch([response.key])
        _ = validated.withLock { $0.removeValue(forKey: response.key) }
        _ = copies.withLock { $0.removeValue(forKey: response.key) }
        let written = await write { db in
            try db.execute(
                sql: """
                    INSERT INTO response (key, status, etag, last_modified, link, body, fetched_at, pushed_at, content)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET status = excluded.status, etag = excluded.etag,
                        last_modified = excluded.last_modified, link = excluded.link, body = excluded.body,
                        fetched_at = excluded.fetched_at, pushed_at = excluded.pushed_at, content = excluded.content
                    """,
                arguments: [
                    response.key, response.status, response.etag, response.lastModified, response.link, response.body,
                    response.fetchedAt.timeIntervalSince1970, response.pushedAt, response.content,
                ])
            // After the answer, whose change took any older copy with it.
            if let copy {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO decoded (key, link, copy) VALUES (?, ?, ?)",
                    arguments: [response.key, response.link, copy])
            }
        }
        unwritten.withLock { $0[response.key] = written ? nil : response }
    }

    func keep(decoded copy: Data, of entry: CachedResponse) {
        touch([entry.key])
        copies.withLock { $0[entry.key] = (entry.content, entry.link, copy) }
    }

    func decodedCopies(for keys: [String]) async -> [String: CachedResponse.Copy] {
        touch(keys)
        // An answer whose write failed is served from memory this run: no copy stands for it.
        let unread = unwritten.withLock { kept in keys.filter { kept[$0] == nil } }
        do {
            return try await rows(of: unread, "SELECT key, link, copy FROM decoded") {
                (row, key) throws(MistypedCell) in
                CachedResponse.Copy(link: try row.cell(1, "link", of: key), bytes: try row.cell(2, "copy", of: key))
            }
        } catch {
            readFailed(error)
            return [:]
        }
    }

    func markValidated(_ key: String, at date: Date, pushedAt: String?) async {
        touch([key])
        let count = validated.withLock { pending in
            pending[key] = CachedResponse.Check(fetchedAt: date, pushedAt: pushedAt ?? pending[key]?.pushedAt)
            return pending.count
        }
        if count >= Self.flushEvery { await writeValidated() }
    }

    /// Writes the 304s and decoded copies of this run kept so far, in one transaction.
    func writeValidated() async {
        let pending = validated.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        let decoded = copies.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        guard !pending.isEmpty || !decoded.isEmpty else { return }
        await write { db in
            try Self.write(pending, in: db)
            try Self.write(decoded, in: db)
        }
    }

    /// Each copy only where its answer is still the one it was decoded from: same content
    /// (read from the index, past which the body need not be read) and same `Link`.
    private static func write(_ copies: [String: (content: String, link: String?, bytes: Data)], in db: Database)
        throws
    {
        let insert = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO decoded (key, link, copy) SELECT ?, ?, ?
                WHERE EXISTS (SELECT 1 FROM response INDEXED BY response_check WHERE key = ? AND content = ? AND link IS ?)
                """)
        for (key, copy) in copies {
            try insert.execute(arguments: [key, copy.link, copy.bytes, key, copy.content, copy.link])
        }
    }

    private static func write(_ marks: [String: CachedResponse.Check], in db: Database) throws {
        for (key, mark) in marks {
            try db.execute(
                sql: "UPDATE response SET fetched_at = ?, pushed_at = coalesce(?, pushed_at) WHERE key = ?",
                arguments: [mark.fetchedAt.timeIntervalSince1970, mark.pushedAt, key])
        }
    }

    deinit {
        let pending = validated.withLock { $0 }
        let decoded = copies.withLock { $0 }
        guard !pending.isEmpty || !decoded.isEmpty else { return }
        try? database.write { db in
            try Self.write(pending, in: db)
            try Self.write(decoded, in: db)
        }
    }

    func checks(for keys: [String]) async -> [String: CachedResponse.Check] {
        touch(keys)
        let read: [String: CachedResponse.Check]
        do {
            // From the index that holds these columns: in the table they follow the body.
            read = try await rows(
                of: keys, "SELECT key, fetched_at, pushed_at, content FROM response INDEXED BY response_check"
            ) { (row, key) throws(MistypedCell) in
                // By position, as selected.
                CachedResponse.Check(
                    fetchedAt: Date(timeIntervalSince1970: try row.cell(1, "fetched_at", of: key)),
                    pushedAt: try row.cell(2, "pushed_at", of: key), content: try row.cell(3, "content", of: key))
            }
        } catch {
            readFailed(error)
            read = [:]
        }
        let marks = validated.withLock { pending in keys.compactMap { key in pending[key].map { (key, $0) } } }
        var checks = read.merging(marks) { read, mark in
            CachedResponse.Check(
                fetchedAt: mark.fetchedAt, pushedAt: mark.pushedAt ?? read.pushedAt, content: read.content)
        }
        for response in unwritten.withLock({ kept in keys.compactMap { kept[$0] } }) {
            checks[response.key] = CachedResponse.Check(
                fetchedAt: response.fetchedAt, pushedAt: response.pushedAt, content: response.content)
        }
        return checks
    }

    func remove(_ key: String) async {
        _ = validated.withLock { $0.removeValue(forKey: key) }
        _ = copies.withLock { $0.removeValue(forKey: key) }
        _ = unwritten.withLock { $0.removeValue(forKey: key) }
        await write { db in try db.execute(sql: "DELETE FROM response WHERE key = ?", arguments: [key]) }
    }

    /// What `select` finds of `keys`, by the first column it selects, in one transaction:
    /// 500 keys to a statement (SQLite allows 32,766 parameters; a chunk stays far below), or,
    /// for many keys, every row it finds, kept where the key is one of them: the cache holds
    /// what the site shows, so a run asking for each repository's answers would otherwise
    /// look up most of the cache one key at a time (20,000 lookups cost eight times the scan).
    /// A row holding a cell of the wrong type is left out, a miss (`drop`).
    private func rows<T: Sendable>(
        of keys: [String], _ select: String,
        _ value: @escaping @Sendable (Row, _ key: String) throws(MistypedCell) -> T
    ) async throws -> [String: T] {
        let (found, mistyped) = try await database.read { db in
            var found: [String: T] = [:]
            var mistyped: [MistypedCell] = []
            func keep(_ row: Row, as key: String) {
                do { found[key] = try value(row, key) } catch { mistyped.append(error) }
            }
            if keys.count >= Self.scanFrom {
                let wanted = Set(keys)
                let rows = try Row.fetchCursor(db, sql: select)
                while let row = try rows.next() {
                    if let key = try? row.decode(String.self, atIndex: 0), wanted.contains(key) { keep(row, as: key) }
                }
                return (found, mistyped)
            }
            for start in stride(from: 0, to: keys.count, by: 500) {
                let chunk = Array(keys[start..<min(keys.count, start + 500)])
                let rows = try Row.fetchCursor(
                    db, sql: "\(select) WHERE key IN (\(databaseQuestionMarks(count: chunk.count)))",
                    arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    if let key = try? row.decode(String.self, atIndex: 0) { keep(row, as: key) }
                }
            }
            return (found, mistyped)
        }
        await drop(mistyped)
        return found
    }

    /// Removes the answers whose rows hold a cell of a type their column does not (an edit by
    /// hand, another program): read, such a cell would stop the run, so each is a miss, asked
    /// of GitHub again, and said once.
    private func drop(_ mistyped: [MistypedCell]) async {
        guard let first = mistyped.first else { return }
        let keys = Set(mistyped.map(\.key))
        warnings.once(
            "the response cache held \(keys.count) answer(s) with a value of the wrong type (the first: \(first)); "
                + "they were removed and are asked of GitHub again")
        for key in keys { await remove(key) }
    }

    /// From how many keys `rows(of:)` reads every row rather than looking each key up.
    static let scanFrom = 2_000

    private func touch(_ keys: [String]) {
        let hashes = keys.map(Self.keyHash)
        touched.withLock { $0.formUnion(hashes) }
    }

    /// FNV-1a of the key's bytes.
    private static func keyHash(_ key: String) -> UInt64 {
        key.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// One transaction: the rows found old, less those touched, deleted by key; the generation
    /// counter, which the delete trigger moves, then set back to what it was.
    func prune(untouchedSince cutoff: Date) async -> Int {
        await writeValidated()
        let keep = touched.withLock { $0 }
        return await writing { db in
            let old = try String.fetchAll(
                db, sql: "SELECT key FROM response WHERE fetched_at < ?", arguments: [cutoff.timeIntervalSince1970])
            let unused = old.filter { !keep.contains(Self.keyHash($0)) }
            guard !unused.isEmpty else { return 0 }
            let counter = try Int64.fetchOne(db, sql: "SELECT counter FROM generation WHERE id = 1")
            let delete = try db.cachedStatement(sql: "DELETE FROM response WHERE key = ?")
            for key in unused { try delete.execute(arguments: [key]) }
            if let counter {
                try db.execute(sql: "UPDATE generation SET counter = ? WHERE id = 1", arguments: [counter])
            }
            return unused.count
        } ?? 0
    }

    /// The cache's random identity (a cache set aside and started anew never repeats an old
    /// generation) and a counter that triggers in the file move on every stored change of
    /// what an answer says: its body, status or `Link`. Not a new `ETag` or time for the same
    /// bytes: GitHub's search answers often carry no validator, and a run that got the same
    /// answer again in full has nothing new, so it must stay up to date.
    func generation() async -> String? {
        await writeValidated()
        guard !failedWrite.withLock({ $0 }) else { return nil }
        return try? await database.read { db in
            // Decoded, not read through a subscript, which traps on a cell of another type.
            try Row.fetchOne(db, sql: "SELECT cache, counter FROM generation WHERE id = 1")
                .map { row in "\(try row.decode(String.self, atIndex: 0))-\(try row.decode(Int64.self, atIndex: 1))" }
        }
    }

    /// Whether the change reached the file.
    @discardableResult
    private func write(_ change: @escaping @Sendable (Database) throws -> Void) async -> Bool {
        await writing(change) != nil
    }

    /// What the change returned, or nil when it did not reach the file.
    private func writing<T: Sendable>(_ change: @escaping @Sendable (Database) throws -> T) async -> T? {
        do {
            return try await database.write(change)
        } catch {
            noteDamage(error)
            failedWrite.withLock { $0 = true }
            warnings.once(
                "the response cache could not be written (\(SQLiteFile.reason(for: error))); the next run may fetch more"
            )
            return nil
        }
    }
}

/// A cell of a type its column does not hold, in the answer of `key`: GRDB's subscripts trap
/// on one (`status = 'abc'`, `etag` a blob), so the cache decodes each cell and leaves the
/// row out instead.
struct MistypedCell: Error, CustomStringConvertible {
    let key: String
    let column: String

    var description: String { "\(column) of \(key)" }
}

extension Row {
    /// The cell at `index`, or `MistypedCell` naming `column` when it holds another type.
    fileprivate func cell<T: DatabaseValueConvertible & StatementColumnConvertible>(
        _ index: Int, _ column: String, of key: String
    ) throws(MistypedCell) -> T {
        do { return try decode(T.self, atIndex: index) } catch { throw MistypedCell(key: key, column: column) }
    }
}
