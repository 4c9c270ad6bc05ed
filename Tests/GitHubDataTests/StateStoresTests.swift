import Entities
import Foundation
import GRDB
import Testing
import UseCases

@testable import GitHubData

/// `state.sqlite`: favourites and history survive runs, and a damaged or newer file never
/// costs the user their data.
@Suite struct StateStoresTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "state-\(UUID().uuidString)")
    var file: URL { folder.appending(path: "state.sqlite") }

    func open(_ warnings: inout [String]) throws -> StateStores {
        var collected: [String] = []
        let stores = try StateStores(folder: folder) { collected.append($0) }
        warnings += collected
        return stores
    }

    func snapshot(_ day: Double, _ repos: [(Int64, String, Int)]) -> RunSnapshot {
        RunSnapshot(
            takenAt: Date(timeIntervalSince1970: 1_795_000_000 + day * 86_400),
            repositories: repos.map { id, name, stars in
                RepoSnapshot(
                    id: GitHubRepo.ID(rawValue: id), name: try! RepoName(parsing: name), stars: stars,
                    latestRelease: "v\(stars)", pushedAt: Date(timeIntervalSince1970: 1_700_000_000), isStarred: true)
            },
            starredListComplete: day != 2)
    }

    @Test("a failure of the file names the file and what went wrong, not the SQL statement that met it")
    func failuresNameTheFile() {
        let cases: [(ResultCode, String)] = [
            (.SQLITE_READONLY, "cannot be written"), (.SQLITE_FULL, "the disk is full"),
            (.SQLITE_BUSY, "another process"), (.SQLITE_CORRUPT, "damaged"), (.SQLITE_MISMATCH, "SQLite error 20"),
        ]
        for (code, words) in cases {
            let error = DatabaseError(resultCode: code, message: "attempt", sql: "INSERT INTO favourite VALUES (1)")
            let told = StateDatabase.failure(error, path: "/x/state.sqlite").description
            #expect(told.hasPrefix("/x/state.sqlite: ") && told.contains(words), "\(told)")
            #expect(!told.contains("INSERT"), "\(told)")
        }
    }

    @Test func favouritesAddListRemoveAndAddingTwiceIsHarmless() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let stores = try open(&warnings)
        try await stores.favourites.add(
            Favourite(name: RepoName(owner: "apple", name: "swift-nio"), note: "networking"))
        try await stores.favourites.add(Favourite(name: RepoName(owner: "Apple", name: "Swift-NIO")))
        try await stores.favourites.add(Favourite(name: RepoName(owner: "vapor", name: "vapor")))
        #expect(
            try await stores.favourites.favourites() == [
                Favourite(name: RepoName(owner: "apple", name: "swift-nio"), note: "networking"),
                Favourite(name: RepoName(owner: "vapor", name: "vapor")),
            ])
        #expect(try await stores.favourites.remove(RepoName(owner: "APPLE", name: "swift-nio")))
        #expect(try await !stores.favourites.remove(RepoName(owner: "apple", name: "swift-nio")))
        #expect(
            try await open(&warnings).favourites.favourites().map(\.name.description) == ["vapor/vapor"],
            "kept across runs")
        #expect(warnings.isEmpty)
    }

    @Test func historyKeepsSnapshotsAndPrunesAllButTheLatestTwo() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let history = try open(&warnings).history
        #expect(try await history.latestSnapshot() == nil)
        for day in 0..<4 {
            try await history.record(snapshot(Double(day), [(1, "a/one", 10 + day), (2, "b/two", 5)]))
        }
        let latest = try await history.latestSnapshot()
        #expect(latest == snapshot(3, [(1, "a/one", 13), (2, "b/two", 5)]))
        try await history.prune(
            before: Date(timeIntervalSince1970: 1_795_000_000 + 2.5 * 86_400), after: .distantFuture)
        let runs = try await DatabaseQueue(path: file.path).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM run")
        }
        #expect(runs == 2)
        try await history.prune(before: Date(timeIntervalSince1970: 2_000_000_000), after: .distantFuture)
        #expect(try await history.latestSnapshot() == latest, "the latest is kept, however old")
        #expect(
            try await history.snapshotBeforeLatest() == snapshot(2, [(1, "a/one", 12), (2, "b/two", 5)]),
            "and the one its news was found against")
    }

    @Test("a run dated ahead of the clock is forgotten once two later runs are kept")
    func aRunDatedAheadIsForgotten() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let history = try open(&warnings).history
        func count() async throws -> Int? {
            try await DatabaseQueue(path: file.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM run") }
        }
        let cutoff = Date(timeIntervalSince1970: 1_795_000_000 - 86_400)
        let clock = Date(timeIntervalSince1970: 1_795_000_000 + 30 * 86_400)
        try await history.record(snapshot(0, [(1, "a/one", 10)]))
        try await history.record(snapshot(80_000, [(1, "a/one", 11)]))  // the year 2245
        try await history.record(snapshot(1, [(1, "a/one", 12)]))
        try await history.prune(before: cutoff, after: clock)
        #expect(try await count() == 3, "the latest two are kept whatever their dates")
        try await history.record(snapshot(2, [(1, "a/one", 13)]))
        try await history.prune(before: cutoff, after: clock)
        #expect(try await count() == 3, "day 0, 1 and 2: the run dated ahead is gone")
        #expect(try await history.snapshotBeforeLatest() == snapshot(1, [(1, "a/one", 12)]))
    }

    @Test("a run dated before the runs it follows (a commit's time) forgets none of them")
    func aRunDatedInThePastForgetsNothing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let history = try open(&warnings).history
        let cutoff = Date(timeIntervalSince1970: 1_795_000_000 - 86_400)
        let clock = Date(timeIntervalSince1970: 1_795_000_000 + 30 * 86_400)
        for day in 1...5 {
            try await history.record(snapshot(Double(day), [(1, "a/one", 10 + day)]))
            try await history.prune(before: cutoff, after: clock)
        }
        try await history.record(snapshot(0, [(1, "a/one", 20)]))
        try await history.prune(before: cutoff, after: clock)
        let count = try await DatabaseQueue(path: file.path).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM run")
        }
        #expect(count == 6, "the five runs dated after it are kept")
    }

    @Test("each run's news for the feeds is kept with it, every kind read back as told, the latest run's first")
    func newsIsKeptWithItsRun() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let history = try open(&warnings).history
        // Its stars kept too: they order the repositories of changes told together.
        let repo = RepoSnapshot(id: GitHubRepo.ID(rawValue: 7), name: RepoName(owner: "o", name: "<r>"), stars: 42)
        let kinds: [DigestChange.Kind] = [
            .newlyStarred, .unstarred, .newFavourite, .newRelease(tag: "v2", previous: "v1"),
            .newRelease(tag: "v1", previous: nil), .starGain(from: 1, to: 5), .archived,
            .renamed(from: RepoName(owner: "old", name: "name")), .gone, .addedToList("Ideas"), .removedFromList("Old"),
        ]
        var first = snapshot(0, [(1, "a/one", 10)])
        first.news = kinds.map { DigestChange(kind: $0, repo: repo, noticedAt: first.takenAt) }
        first.news[first.news.count - 1].toldApart = true
        try await history.record(first)
        var second = snapshot(1, [(1, "a/one", 11)])
        second.news = [DigestChange(kind: .starGain(from: 10, to: 11), repo: repo, noticedAt: second.takenAt)]
        try await history.record(second)
        try await history.record(snapshot(2, [(1, "a/one", 12)]))
        #expect(try await history.recentNews(runs: 50) == second.news + first.news)
        #expect(try await history.recentNews(runs: 1) == second.news, "each run's news whole, the latest runs'")
        #expect(try await history.latestSnapshot()?.news == [], "a snapshot read back is compared, not told")
        try await history.prune(before: Date(timeIntervalSince1970: 2_000_000_000), after: .distantFuture)
        #expect(try await history.recentNews(runs: 50) == second.news, "pruned with its run")
    }

    @Test("recording compares with the latest run recorded, even one another store recorded since this one read")
    func recordingAfterAnotherStoreRecorded() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let first = try open(&warnings).history
        try await first.record(snapshot(1, [(1, "a/one", 10)]))
        #expect(try await first.latestSnapshot() == snapshot(1, [(1, "a/one", 10)]))
        try await open(&warnings).history.record(snapshot(2, [(1, "a/one", 11)]))
        try await first.record(snapshot(3, [(1, "a/one", 11)]))
        let spans = try await DatabaseQueue(path: file.path).read {
            try Row.fetchAll($0, sql: "SELECT first_run, last_run, stars FROM snapshot_span ORDER BY first_run")
                .map { [$0["first_run"], $0["last_run"] as Int64?, $0["stars"]] }
        }
        #expect(spans == [[1, 1, 10], [2, nil, 11]], "run 3 held the figures of run 2: no span of its own")
        #expect(try await first.latestSnapshot() == snapshot(3, [(1, "a/one", 11)]))
    }

    @Test("a run adds rows only for the repositories whose figures changed; each run's snapshot still reads back")
    func historyGrowsWithTheNews() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let history = try open(&warnings).history
        let runs = [
            snapshot(1, [(1, "a/one", 10), (2, "b/two", 5), (3, "c/three", 7)]),
            snapshot(2, [(1, "a/one", 10), (2, "b/two", 6), (3, "c/three", 7)]),
            snapshot(3, [(1, "a/one", 10), (2, "b/two", 6)]),
            snapshot(4, [(1, "a/one", 10), (2, "b/two", 6), (3, "c/three", 7)]),
        ]
        #expect(try await history.snapshotBeforeLatest() == nil)
        for (index, run) in runs.enumerated() {
            var recorded = run
            // Run 3 found a favourite gone: a later run that shows run 3's news again needs it.
            if index == 2 { recorded.gone = [GitHubRepo.ID(rawValue: 3)] }
            try await history.record(recorded)
            #expect(try await history.latestSnapshot() == recorded, "after run \(index + 1)")
            if index > 0 {
                var before = runs[index - 1]
                if index == 3 { before.gone = [GitHubRepo.ID(rawValue: 3)] }
                #expect(try await history.snapshotBeforeLatest() == before, "the run before run \(index + 1)")
            }
        }
        let spans = try await DatabaseQueue(path: file.path).read {
            try Row.fetchAll(
                $0, sql: "SELECT repo_id, first_run, last_run FROM snapshot_span ORDER BY repo_id, first_run"
            )
            .map { [$0["repo_id"], $0["first_run"], $0["last_run"] as Int64?] }
        }
        // b/two changed in run 2; c/three was not shown by run 3 and came back in run 4.
        #expect(spans == [[1, 1, nil], [2, 1, 1], [2, 2, nil], [3, 1, 2], [3, 4, nil]])
        try await history.prune(
            before: Date(timeIntervalSince1970: 1_795_000_000 + 3.5 * 86_400), after: .distantFuture)
        let left = try await DatabaseQueue(path: file.path).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM snapshot_span")
        }
        #expect(left == 3, "the open spans, whatever run they began in")
        #expect(try await history.latestSnapshot() == runs[3])
        var third = runs[2]
        third.gone = [GitHubRepo.ID(rawValue: 3)]
        #expect(try await history.snapshotBeforeLatest() == third)

        // A push time with a fraction of a second that seconds since 1970 do not give back
        // exactly (this one does not) still reads as unchanged.
        var fractional = snapshot(5, [(1, "a/one", 10)])
        fractional.repositories[0].pushedAt = Date(timeIntervalSinceReferenceDate: 785_000_000.123)
        for day in [5.0, 6, 7] {
            fractional.takenAt = Date(timeIntervalSince1970: 1_795_000_000 + day * 86_400)
            try await history.record(fractional)
        }
        let spansOfOne = try await DatabaseQueue(path: file.path).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM snapshot_span WHERE repo_id = 1")
        }
        #expect(spansOfOne == 2, "the span closed by the new push time, and one for all three runs")

        // Listed twice, once as held and once changed: recorded as listed last, in one open span.
        var twice = fractional
        twice.repositories.append(
            RepoSnapshot(id: GitHubRepo.ID(rawValue: 1), name: try RepoName(parsing: "a/one"), stars: 11))
        try await history.record(twice)
        #expect(try await history.latestSnapshot()?.repositories == [twice.repositories[1]])
    }

    @Test("a release's date alone keeps the span, the first date kept; releases not known since a run read back")
    func releaseDatesKeepTheSpan() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let history = try open(&warnings).history
        var run = snapshot(1, [(1, "a/one", 10), (2, "b/two", 5)])
        run.repositories[0].latestRelease = "nightly"
        let first = Date(timeIntervalSince1970: 1_794_000_000)
        run.repositories[0].latestReleaseAt = first
        run.repositories[1].releasesUnknownSince = run.takenAt
        try await history.record(run)
        #expect(try await history.latestSnapshot() == run)
        // The same tag published again; a row recorded before dates were (NULL) likewise.
        for date in [Date(timeIntervalSince1970: 1_795_100_000), nil] {
            run.takenAt += 86_400
            run.repositories[0].latestReleaseAt = date
            try await history.record(run)
        }
        let spans = try await DatabaseQueue(path: file.path).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM snapshot_span WHERE repo_id = 1")
        }
        #expect(spans == 1)
        #expect(try await history.latestSnapshot()?.repositories.map(\.latestReleaseAt) == [first, nil])
        #expect(
            try await history.latestSnapshot()?.repositories[1].releasesUnknownSince
                == run.repositories[1].releasesUnknownSince)
    }

    @Test("a state file emptied beside a response cache is said to be, not filled afresh without a word")
    func anEmptiedFileIsSaid() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        _ = try open(&warnings)
        #expect(warnings.isEmpty, "a new state folder: nothing to say")
        try Data().write(to: file)
        _ = try open(&warnings)
        #expect(warnings.isEmpty, "an empty file and no cache: a run stopped before it wrote its first")
        try Data("cache".utf8).write(to: folder.appending(path: "cache.sqlite"))
        try Data().write(to: file)
        _ = try open(&warnings)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("state.sqlite is empty (0 bytes)") == true, "\(warnings)")
        _ = try open(&warnings)
        #expect(warnings.count == 1, "said once: the file is a state file again")
    }

    @Test(arguments: ["corrupt", "truncated", "foreign"])
    func anUnusableFileIsKeptAsideWithAWarningAndANewOneStarted(_ damage: String) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        try await open(&warnings).favourites.add(Favourite(name: RepoName(owner: "a", name: "b")))
        let original = try Data(contentsOf: file)
        switch damage {
        case "corrupt": try Data(repeating: 0x5A, count: 8192).write(to: file)
        case "truncated": try original.prefix(1500).write(to: file)
        default:
            try FileManager.default.removeItem(at: file)
            try await DatabaseQueue(path: file.path).write {
                try $0.execute(sql: "CREATE TABLE other (x); PRAGMA application_id = 42")
            }
        }
        let damaged = try Data(contentsOf: file)

        let stores = try open(&warnings)
        #expect(try await stores.favourites.favourites().isEmpty)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("kept as state.sqlite.set-aside-") == true, "\(warnings)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("set-aside") }
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: folder.appending(path: kept[0])) == damaged, "nothing in the old file is lost")
    }

    @Test(
        "a cell of the wrong type, written by hand, sets the file aside with a warning naming the column, never a trap",
        arguments: [
            ("run", "taken_at", "'abc'"), ("snapshot_span", "stars", "'x'"), ("favourite", "added_at", "x'00ff'"),
        ])
    func aMistypedCellSetsTheFileAside(table: String, column: String, value: String) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let stores = try open(&warnings)
        try await stores.favourites.add(Favourite(name: RepoName(owner: "a", name: "b")))
        try await stores.history.record(snapshot(1, [(1, "a/one", 10)]))
        try await DatabaseQueue(path: file.path).write {
            try $0.execute(sql: "UPDATE \(table) SET \(column) = \(value)")
        }
        let reopened = try open(&warnings)
        #expect(try await reopened.history.latestSnapshot() == nil)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.contains("holds a value of the wrong type in \(table).\(column)") == true, "\(warnings)")
    }

    @Test("a reader without the lock waits out another process's write, and never sets the live file aside for it")
    func aWriteInProgressIsWaitedForNotSetAside() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        try await open(&warnings).favourites.add(Favourite(name: RepoName(owner: "keep", name: "me")))
        // Another process's write in progress: an exclusive transaction, ended half a second on.
        let writer = try DatabaseQueue(path: file.path)
        let started = DispatchSemaphore(value: 0)
        let writing = Thread {
            try? writer.inDatabase { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                try db.execute(sql: "INSERT INTO favourite (owner, name, added_at) VALUES ('o', 'r', 0)")
                started.signal()
                Thread.sleep(forTimeInterval: 0.5)
                try db.execute(sql: "COMMIT")
            }
        }
        writing.start()
        started.wait()
        let reader = try StateStores(folder: folder, warn: { warnings.append($0) }, locked: false)
        let names = try await reader.favourites.favourites().map(\.name.description)
        #expect(names.contains("keep/me") && names.contains("o/r"), "\(names)")
        #expect(warnings.isEmpty, "\(warnings)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(entries.allSatisfy { !$0.contains("set-aside") }, "\(entries)")
    }

    @Test("a damaged file found without the lock is reported, and left for a run that holds it to set aside")
    func aDamagedFileIsSetAsideOnlyUnderTheLock() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: file)
        #expect {
            try StateStores(folder: folder, warn: { _ in }, locked: false)
        } throws: { error in
            "\(error)".contains("the next build or `repodigest favourites add` sets it aside")
        }
        #expect(try Data(contentsOf: file) == Data(repeating: 0x5A, count: 8192), "left where it is, as it is")
    }

    @Test("a state file already at this version is opened without a write")
    func aCurrentFileOpensWithoutAWrite() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        _ = try open(&warnings)
        let counter = try CacheUpgradeTests.changeCounter(of: file)
        _ = try open(&warnings)
        #expect(try CacheUpgradeTests.changeCounter(of: file) == counter && warnings.isEmpty)
    }

    @Test func aFileOfTheFirstSchemaIsMigratedWithItsDataKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await DatabaseQueue(path: file.path).write { db in
            try db.execute(sql: StateDatabase.migrations[0])
            try db.execute(sql: "INSERT INTO favourite (owner, name, added_at) VALUES ('a', 'b', 0)")
            try db.execute(sql: "PRAGMA application_id = \(StateDatabase.applicationID); PRAGMA user_version = 1")
        }
        var warnings: [String] = []
        let stores = try open(&warnings)
        #expect(warnings.isEmpty)
        #expect(try await stores.favourites.favourites().map(\.name.description) == ["a/b"])
        try await stores.history.record(snapshot(0, [(1, "a/one", 10)]))
        let version = try await DatabaseQueue(path: file.path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        #expect(version == StateDatabase.migrations.count)
    }

    @Test("a file of the second schema gains the runs' sources: its runs read as not recorded, new runs keep them")
    func aFileOfTheSecondSchemaIsMigratedToRecordSources() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await DatabaseQueue(path: file.path).write { db in
            for migration in StateDatabase.migrations.prefix(2) { try db.execute(sql: migration) }
            try db.execute(sql: "INSERT INTO run (id, taken_at, starred_complete) VALUES (1, 1794900000, 1)")
            try db.execute(sql: "INSERT INTO run (id, taken_at, starred_complete) VALUES (2, 1795000000, 1)")
            // x/y was shown by the run before the latest only: not part of the latest snapshot.
            try db.execute(
                sql: """
                    INSERT INTO snapshot (run_id, repo_id, owner, name, stars, forks, open_issues, archived, starred, favourite)
                    VALUES (1, 9, 'x', 'y', 1, 0, 0, 0, 1, 0), (2, 7, 'a', 'b', 3, 0, 0, 0, 1, 0)
                    """)
            try db.execute(sql: "PRAGMA application_id = \(StateDatabase.applicationID); PRAGMA user_version = 2")
        }
        var warnings: [String] = []
        let history = try open(&warnings).history
        #expect(warnings.isEmpty)
        let old = try #require(try await history.latestSnapshot())
        #expect(
            old.sources == nil && old.repositories.map(\.name.description) == ["a/b"] && old.repositories[0].isStarred)
        #expect(old.repositories[0].starredBy.isEmpty)

        let sources = RunSources(
            starredBy: ["Alice", "@me"], favourites: ["o/f"], owners: ["org"], searches: ["Swift things"])
        var next = snapshot(1, [(7, "a/b", 4), (8, "c/d", 5)])
        next.sources = sources
        next.repositories[0].starredBy = ["alice", "@me"]
        try await history.record(next)
        let read = try #require(try await open(&warnings).history.latestSnapshot())
        #expect(read.sources == sources)
        #expect(read.repositories.map(\.starredBy) == [["alice", "@me"], []])
        #expect(read.repositories.map(\.listMemberships) == [[], []], "no List recorded: in none")
        let version = try await DatabaseQueue(path: file.path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        #expect(version == StateDatabase.migrations.count)
    }

    @Test("the Star Lists that held each repository are kept with the snapshot and read back")
    func listsAreRecorded() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        let history = try open(&warnings).history
        var next = snapshot(1, [(7, "a/b", 4), (8, "c/d", 5)])
        next.repositories[0].listMemberships = ["Git tooling", "<b>Rust</b>"]
        try await history.record(next)
        let read = try #require(try await open(&warnings).history.latestSnapshot())
        #expect(read.repositories.map(\.listMemberships) == [["Git tooling", "<b>Rust</b>"], []])
    }

    @Test func aFileFromANewerRepodigestIsRefusedAndLeftUntouched() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [String] = []
        try await open(&warnings).favourites.add(Favourite(name: RepoName(owner: "a", name: "b")))
        try await DatabaseQueue(path: file.path).write { try $0.execute(sql: "PRAGMA user_version = 99") }
        let before = try Data(contentsOf: file)
        #expect {
            _ = try StateStores(folder: folder) { _ in }
        } throws: { error in
            guard let error = error as? StateError, case .newerSchema(_, let found, _) = error else { return false }
            return found == 99 && error.description.contains("left untouched")
        }
        #expect(try Data(contentsOf: file) == before)
    }
}
