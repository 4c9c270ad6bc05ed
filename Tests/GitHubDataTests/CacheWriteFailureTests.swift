import Foundation
import GRDB
import Synchronization
import Testing

@testable import GitHubData

/// An answer the cache could not write is still the one the rest of the run reads: a README
/// fetched while gathering and read when its page is made must be the one GitHub sent.
@Suite struct CacheWriteFailureTests {
    @Test("an answer whose write failed is read back, and named, for the rest of the run")
    func unwrittenAnswersAreKeptForTheRun() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "unwritten-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "cache.sqlite")
        let warnings = WarningLog()
        let cache = try #require(SQLiteResponseCache.open(at: path, warnings: warnings))
        await cache.store(CachedResponse(key: "readme", etag: "\"1\"", body: Data("{}".utf8), fetchedAt: .distantPast))

        // Another connection holds the file's write lock: the next write fails at once.
        let other = try DatabaseQueue(path: path.path)
        let holding = Atomic(false)
        let release = Atomic(false)
        let done = Atomic(false)
        Thread {
            try? other.inTransaction(.exclusive) { _ in
                holding.store(true, ordering: .sequentiallyConsistent)
                while !release.load(ordering: .sequentiallyConsistent) { usleep(1_000) }
                return .rollback
            }
            done.store(true, ordering: .sequentiallyConsistent)
        }.start()
        while !holding.load(ordering: .sequentiallyConsistent) { try await Task.sleep(for: .milliseconds(1)) }
        let fresh = CachedResponse(key: "readme", etag: "\"2\"", body: Data("[1]".utf8), fetchedAt: .now)
        await cache.store(fresh)
        // Read while the lock is still held too: what the run fetched, not nothing.
        #expect(await cache.checks(for: ["readme"])["readme"]?.content == fresh.content)
        release.store(true, ordering: .sequentiallyConsistent)
        while !done.load(ordering: .sequentiallyConsistent) { try await Task.sleep(for: .milliseconds(1)) }

        #expect(!warnings.all.isEmpty, "the failed write is said")
        #expect(await cache.entry(for: "readme")?.body == fresh.body)
        #expect(await cache.checks(for: ["readme"])["readme"]?.content == fresh.content)
        #expect(await cache.generation() == nil, "a run whose writes failed cannot vouch for the file")
    }
}
