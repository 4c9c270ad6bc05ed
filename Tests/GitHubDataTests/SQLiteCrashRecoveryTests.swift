import Foundation
import GRDB
import Testing

@testable import GitHubData

/// A run killed in the middle of a write leaves a hot rollback journal beside the database.
/// The next run must let SQLite roll it back and keep the file, not call it unreadable and
/// set a sound cache aside (which costs a full refetch and a warning in cron's mail).
@Suite struct SQLiteCrashRecoveryTests {
    /// The files as they are on disk at the moment a writer dies mid-transaction: the
    /// transaction has spilled pages into the database, and its journal holds the originals.
    static func crashedCopy(of path: URL, into folder: URL) throws -> URL {
        let writer = try DatabaseQueue(path: path.path)
        let copy = folder.appending(path: path.lastPathComponent)
        try writer.inDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = 1")
            try db.execute(sql: "BEGIN IMMEDIATE")
            for index in 0..<400 {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO response (key, body, fetched_at) VALUES (?, ?, 0)",
                    arguments: ["spill-\(index)", Data(repeating: UInt8(index % 251), count: 4096)])
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: path.path, toPath: copy.path)
            try FileManager.default.copyItem(atPath: path.path + "-journal", toPath: copy.path + "-journal")
            try db.execute(sql: "ROLLBACK")
        }
        try writer.close()
        return copy
    }

    @Test func aHotJournalIsRolledBackAndTheCacheKept() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appending(path: "live/cache.sqlite")
        let warnings = WarningLog()
        let cache = try #require(SQLiteResponseCache.open(at: original, warnings: warnings))
        await cache.store(
            CachedResponse(
                key: "kept", status: 200, etag: "\"e\"", lastModified: nil, link: nil, body: Data("body".utf8),
                fetchedAt: Date()))

        let crashed = try Self.crashedCopy(of: original, into: folder.appending(path: "crashed"))
        #expect(FileManager.default.fileExists(atPath: crashed.path + "-journal"), "the journal the writer left")

        #expect(
            SQLiteFile.inspect(crashed, applicationID: SQLiteResponseCache.applicationID, describedAs: "cache")
                == .ours(version: SQLiteResponseCache.schemaVersion))
        let reopened = try #require(SQLiteResponseCache.open(at: crashed, warnings: warnings))
        #expect(warnings.all.isEmpty, "\(warnings.all)")
        #expect(await reopened.entry(for: "kept")?.etag == "\"e\"", "the committed answer survived")
        #expect(await reopened.entry(for: "spill-1") == nil, "the unfinished write was rolled back")
    }
}
