import Entities
import FakeGitHubServer
import Foundation
import GRDB
import Testing

@testable import GitHubData

@Suite("Conditional requests and the SQLite cache")
struct ConditionalCacheTests {
    @Test("a repeat request is conditional, and its 304 reuses the stored body")
    func conditional() async throws {
        let harness = try LiveHarness()
        let name = RepoName(owner: "lumen-labs", name: "lantern")
        let first = try await harness.store().repository(name)
        let second = try await harness.store().repository(name)
        #expect(first == second)
        #expect(harness.statuses() == [200, 304])
        let repeated = try #require(harness.github.requests.last)
        #expect(repeated.header("if-none-match")?.hasPrefix("W/\"") == true)
        #expect(repeated.header("if-modified-since") == "Sun, 01 Nov 2026 10:00:00 GMT")
        #expect(harness.github.requests.first?.header("if-none-match") == nil)
    }

    @Test("a changed resource is fetched anew and replaces the stored copy")
    func changed() async throws {
        let harness = try LiveHarness()
        let name = RepoName(owner: "lumen-labs", name: "lantern")
        _ = try await harness.store().repository(name)
        harness.github.update("lumen-labs/lantern") { $0.stars = 5000 }
        #expect(try await harness.store().repository(name).stars == 5000)
        #expect(try await harness.store().repository(name).stars == 5000)
        #expect(harness.statuses() == [200, 200, 304])
    }

    @Test("the cache's generation moves with every stored change, not with a 304, and a new cache never repeats one")
    func generation() async throws {
        let harness = try LiveHarness()
        let name = RepoName(owner: "lumen-labs", name: "lantern")
        _ = try await harness.store().repository(name)
        let first = try #require(await harness.store().dataGeneration())
        _ = try await harness.store().repository(name)
        #expect(await harness.store().dataGeneration() == first, "a 304 changes nothing")
        harness.github.update("lumen-labs/lantern") { $0.stars = 5000 }
        _ = try await harness.store().repository(name)
        let changed = try #require(await harness.store().dataGeneration())
        #expect(changed != first)

        let path = harness.stateDirectory.appending(path: "cache.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: path)
        _ = try await harness.store().repository(name)
        let anew = try #require(await harness.store().dataGeneration())
        #expect(anew != first && anew != changed, "a cache set aside and begun again has an identity of its own")
    }

    @Test("answers no run has used for 30 days go; those the run used stay, and the generation stays as it was")
    func pruning() async throws {
        let harness = try LiveHarness()
        let kept = RepoName(owner: "lumen-labs", name: "lantern")
        let dropped = RepoName(owner: "mona", name: "diary")
        _ = try await harness.store().repository(kept)
        _ = try await harness.store().repository(dropped)
        let keys = { () throws -> [String] in
            try DatabaseQueue(path: harness.stateDirectory.appending(path: "cache.sqlite").path)
                .read { db in try String.fetchAll(db, sql: "SELECT key FROM response ORDER BY key") }
        }
        let before = try keys()
        #expect(before.count == 2)

        // A run a day later that shows only one of them keeps both: the other may come back.
        let soon = harness.store(later: 86_400)
        _ = try await soon.repository(kept)
        #expect(await soon.pruneCache() == 0)

        // A month on, the one no run has read since goes; the one this run read stays.
        let later = harness.store(later: GitHubDataStore.unusedAnswerLifetime + 86_400)
        _ = try await later.repository(kept)
        let generation = await later.dataGeneration()
        #expect(await later.pruneCache() == 1)
        #expect(try keys() == before.filter { $0.contains("lumen-labs") })
        #expect(await later.dataGeneration() == generation, "no build of the data this run read reads what went")

        // Offline, nothing is confirmed, so nothing is pruned.
        let offline = harness.store(later: 3 * GitHubDataStore.unusedAnswerLifetime) { $0.offline = true }
        #expect(await offline.pruneCache() == 0)
        #expect(try keys().count == 1)
    }

    @Test(
        "the same answer again in full, with no ETag (as GitHub's search often sends), leaves the generation as it was")
    func generationWithoutValidators() async throws {
        let harness = try LiveHarness()
        harness.github.searchesWithoutValidators = true
        harness.github.search("lantern", finds: ["lumen-labs/lantern"])
        let search = SavedSearch(name: "Lanterns", query: "lantern")
        _ = try await harness.store().search(search)
        let first = try #require(await harness.store().dataGeneration())
        _ = try await harness.store().search(search)
        #expect(harness.statuses("/search/") == [200, 200], "no validator, so no 304")
        #expect(await harness.store().dataGeneration() == first, "the same bytes are no change")
        harness.github.update("lumen-labs/lantern") { $0.stars += 1 }
        _ = try await harness.store().search(search)
        #expect(await harness.store().dataGeneration() != first, "other bytes are")
    }

    @Test(
        "a missing README is remembered until the repository is pushed to: GitHub sends no validator with a 404, and charges for each"
    )
    func rememberedNotFound() async throws {
        let harness = try LiveHarness()
        let prism = try await harness.store().repository(RepoName(owner: "lumen-labs", name: "prism"))
        #expect(try await harness.store().readme(of: prism) == nil)
        let store = harness.store()
        #expect(try await store.readme(of: prism, from: .kept) == nil)
        #expect(store.report.kept == 1)
        #expect(harness.github.requests.filter { $0.path.hasSuffix("/readme") }.count == 1)
        #expect(try await harness.store().readme(of: prism, from: .source) == nil)
        #expect(
            harness.github.requests.filter { $0.path.hasSuffix("/readme") }.count == 2, "asked when the run says so")
        // A repository itself is never assumed gone: its 404 is asked again every run.
        harness.github.remove(repo: "lumen-labs/prism")
        for _ in 0..<2 { _ = try? await harness.store().repository(prism.name) }
        #expect(
            harness.github.log.filter { $0.request.path == "/repos/lumen-labs/prism" }.map(\.status) == [200, 404, 404])
    }

    @Test("offline answers from the cache only, and says what it never fetched")
    func offline() async throws {
        let harness = try LiveHarness()
        _ = try await harness.store().starred(by: "mona")
        harness.github.clearLog()
        let offline = harness.store { $0.offline = true }
        #expect(try await offline.starred(by: "mona").count == 5)
        await #expect(throws: GitHubDataError.self) { try await offline.owner("kit-harbor") }
        #expect(harness.github.requests.isEmpty)
        #expect(offline.report.servedOffline == 1)
    }

    @Test("a releases 404 is remembered: kept details and --offline read it as none, with no request and no failure")
    func releasesNotFoundIsRemembered() async throws {
        let harness = try LiveHarness()
        let name = RepoName(owner: "lumen-labs", name: "lantern")
        let repo = try await harness.store().repository(name)
        harness.github.inject(.notFound, at: "/repos/lumen-labs/lantern/releases")
        #expect(try await harness.store().releases(of: repo, limit: 3).isEmpty)
        harness.github.clearLog()
        #expect(try await harness.store().releases(of: repo, limit: 3, from: .kept).isEmpty)
        #expect(try await harness.store { $0.offline = true }.releases(of: repo, limit: 3).isEmpty)
        #expect(harness.github.requests.isEmpty)
        #expect(try await harness.store().releases(of: repo, limit: 3).count > 0, "asked again when due")
    }

    @Test("a corrupt cache file is set aside with a warning, and the run goes on")
    func corrupt() async throws {
        let harness = try LiveHarness()
        try FileManager.default.createDirectory(at: harness.stateDirectory, withIntermediateDirectories: true)
        let path = harness.stateDirectory.appending(path: "cache.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: path)
        let warnings = WarningLog()
        let store = harness.store(warnings: warnings)
        #expect(try await store.owner("mona").login == "mona")
        let warning = try #require(warnings.all.first)
        #expect(warning.contains("set aside as cache.sqlite.set-aside-"))
        let files = try FileManager.default.contentsOfDirectory(atPath: harness.stateDirectory.path)
        #expect(files.contains { $0.hasPrefix("cache.sqlite.set-aside-") })
        _ = try await harness.store().owner("mona")
        #expect(harness.statuses() == [200, 304])
    }

    @Test("a cache damaged past its header is found at its first write and set aside; the run goes on")
    func damagedPages() async throws {
        let harness = try LiveHarness()
        _ = try await harness.store().owner("mona")
        let path = harness.stateDirectory.appending(path: "cache.sqlite")
        var bytes = try Data(contentsOf: path)
        // Page 1 holds the header and the schema, which opening reads; every page after it is garbage.
        bytes.replaceSubrange(4096..., with: Data(repeating: 0x5A, count: bytes.count - 4096))
        try bytes.write(to: path)
        let warnings = WarningLog()
        #expect(try await harness.store(warnings: warnings).owner("mona").login == "mona")
        #expect(harness.statuses() == [200, 200], "asked unconditionally: the cached answer was in the damage")
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("the cache file is corrupt") == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: harness.stateDirectory.path)
        #expect(files.contains { $0.hasPrefix("cache.sqlite.set-aside-") })
        _ = try await harness.store().owner("mona")
        #expect(harness.statuses() == [200, 200, 304], "the new cache serves the next run")
    }

    @Test("damage a read finds is marked, and the next run checks every page and sets the file aside")
    func damageFoundByARead() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "damage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "cache.sqlite")
        var cache = try #require(SQLiteResponseCache.open(at: path, warnings: WarningLog()))
        let keys = (0..<300).map { "key \($0)" }
        for key in keys {
            await cache.store(
                CachedResponse(key: key, etag: "\"1\"", body: Data(repeating: 0x61, count: 2_000), fetchedAt: .now))
        }
        cache = try #require(
            SQLiteResponseCache.open(at: folder.appending(path: "other.sqlite"), warnings: WarningLog()))
        // The last 30 pages garbled: the header, the schema and the first answers read as before.
        var bytes = try Data(contentsOf: path)
        bytes.replaceSubrange((bytes.count - 30 * 4096)..., with: Data(repeating: 0x5A, count: 30 * 4096))
        try bytes.write(to: path)

        let warnings = WarningLog()
        cache = try #require(SQLiteResponseCache.open(at: path, warnings: warnings))
        #expect(warnings.all.isEmpty, "opened unread")
        var misses = 0
        for key in keys where await cache.entry(for: key) == nil { misses += 1 }
        #expect(misses > 0, "answers in the damage, or found through it")
        #expect(FileManager.default.fileExists(atPath: SQLiteResponseCache.damageMark(of: path).path))

        let next = WarningLog()
        cache = try #require(SQLiteResponseCache.open(at: path, warnings: next))
        #expect(next.all.count == 1 && next.all[0].contains("set aside as cache.sqlite.set-aside-"), "\(next.all)")
        #expect(!FileManager.default.fileExists(atPath: SQLiteResponseCache.damageMark(of: path).path))
        #expect(await cache.entry(for: keys[0]) == nil, "an empty cache")
    }

    @Test(
        "a cache from another schema version, or another program's database, is set aside too",
        arguments: [
            "PRAGMA application_id = \(SQLiteResponseCache.applicationID); PRAGMA user_version = 99; CREATE TABLE response (x);",
            "CREATE TABLE notes (body TEXT);",
        ])
    func foreign(sql: String) async throws {
        let harness = try LiveHarness()
        try FileManager.default.createDirectory(at: harness.stateDirectory, withIntermediateDirectories: true)
        let path = harness.stateDirectory.appending(path: "cache.sqlite")
        try await DatabaseQueue(path: path.path).write { try $0.execute(sql: sql) }
        let warnings = WarningLog()
        _ = try await harness.store(warnings: warnings).owner("mona")
        #expect(warnings.all.count == 1)
        #expect(
            warnings.all.first?.contains(sql.contains("99") ? "another repodigest version" : "not a repodigest cache")
                == true)
    }

    @Test("a FIFO where the cache should be is set aside, not opened: opened, it waited for a writer for ever")
    func aFIFOIsSetAside() async throws {
        let harness = try LiveHarness()
        try FileManager.default.createDirectory(at: harness.stateDirectory, withIntermediateDirectories: true)
        let path = harness.stateDirectory.appending(path: "cache.sqlite")
        #expect(mkfifo(path.path, 0o600) == 0)
        let warnings = WarningLog()
        _ = try await harness.store(warnings: warnings).owner("mona")
        #expect(warnings.all.count == 1 && warnings.all[0].contains("not a regular file"), "\(warnings.all)")
    }

    @Test(
        "a chain of pages is read from Links without bodies, ends at a 404, a loop or the limit",
        arguments: [false, true])
    func chainsAndChecks(many: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try #require(
            SQLiteResponseCache.open(at: folder.appending(path: "cache.sqlite"), warnings: .init()))
        func page(_ key: String, next: String, status: Int = 200) async {
            await cache.store(
                CachedResponse(
                    key: key, status: status, link: "<\(next)>; rel=\"next\"", body: Data("[]".utf8), fetchedAt: .now))
        }
        func url(_ name: String) -> String { "https://api.test/\(name)" }
        await page("page", next: url("p2"))
        await page("k-" + url("p2"), next: url("p3"))
        await page("k-" + url("p3"), next: url("gone"))
        await page("k-" + url("gone"), next: url("after"), status: 404)
        await page(url("loop"), next: url("loop"))
        // A reference relative to the page is read against it; one that is no address ends the chain.
        await page(url("relative"), next: "?page=2")
        await page(url("relative?page=2"), next: "http://[::1")
        let key: @Sendable (String) -> String = { "k-\($0)" }
        #expect(
            await cache.chain(from: "page", limit: 10) { $0 == "page" ? "page" : key($0) } == [
                "page", url("p2"), url("p3"), url("gone"),
            ])
        #expect(await cache.chain(from: "page", limit: 2) { $0 == "page" ? "page" : key($0) } == ["page", url("p2")])
        #expect(await cache.chain(from: "never", limit: 10, key: key) == ["never"])
        #expect(await cache.chain(from: url("loop"), limit: 10) { $0 } == [url("loop")])
        #expect(
            await cache.chain(from: url("relative"), limit: 10) { $0 } == [url("relative"), url("relative?page=2")])
        // Checks for many keys read every row once, and keep only those asked.
        let keys =
            ["page", "k-" + url("gone"), "never"] + (many ? (0..<SQLiteResponseCache.scanFrom).map { "k\($0)" } : [])
        #expect(Set(await cache.checks(for: keys).keys) == ["page", "k-" + url("gone")])
    }

    @Test(
        "a cell of the wrong type (an edit by hand) is a miss: its answer removed, asked again and said once, never a crash",
        arguments: [false, true])
    func mistypedCells(many: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "mistyped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "cache.sqlite")
        var cache = try #require(SQLiteResponseCache.open(at: path, warnings: WarningLog()))
        for key in ["status", "etag", "copy", "fetched", "good"] {
            await cache.store(
                CachedResponse(key: key, etag: "\"1\"", body: Data("[]".utf8), fetchedAt: .now),
                decoded: Data("copy".utf8))
        }
        // GRDB's subscripts trap on each of these (SIGILL, every run until the file was deleted).
        try await DatabaseQueue(path: path.path).write { db in
            try db.execute(
                sql: """
                    UPDATE response SET status = 'abc' WHERE key = 'status';
                    UPDATE response SET etag = x'00ff' WHERE key = 'etag';
                    UPDATE decoded SET link = x'ff' WHERE key = 'copy';
                    UPDATE response SET fetched_at = 'abc' WHERE key = 'fetched';
                    """)
        }
        let warnings = WarningLog()
        cache = try #require(SQLiteResponseCache.open(at: path, warnings: warnings))
        let filler = many ? (0..<SQLiteResponseCache.scanFrom).map { "absent \($0)" } : []
        // Read by SQLite's own conversions, these two are no trap: a time of 0, due again; a
        // `Link` read as text.
        #expect(await cache.checks(for: ["fetched", "good"] + filler)["fetched"]?.fetchedAt.timeIntervalSince1970 == 0)
        #expect(Set(await cache.decodedCopies(for: ["copy", "good"] + filler).keys) == ["copy", "good"])
        #expect(Set(await cache.entries(for: ["status", "etag", "good"]).keys) == ["good"])
        #expect(
            warnings.all.count == 1
                && warnings.all[0].contains("2 answer(s) with a value of the wrong type (the first: status of status)"),
            "\(warnings.all)")
        let left = try await DatabaseQueue(path: path.path).read {
            try String.fetchAll($0, sql: "SELECT key FROM response")
        }
        #expect(Set(left) == ["copy", "fetched", "good"], "each mistyped answer removed, the others kept")
        try await DatabaseQueue(path: path.path).write { try $0.execute(sql: "UPDATE generation SET cache = x'ff'") }
        #expect(await cache.generation() == nil, "a generation that cannot be read vouches for nothing")
    }

    @Test("the cache key includes the media type: star+json and plain JSON never share a body")
    func mediaTypeKey() {
        #expect(
            CachedResponse.key(url: "u", accept: MediaType.starJSON)
                != CachedResponse.key(url: "u", accept: MediaType.json))
    }
}
