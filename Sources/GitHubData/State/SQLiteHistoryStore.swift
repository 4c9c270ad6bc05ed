import Entities
import Foundation
internal import GRDB
import Synchronization
import UseCases

/// The snapshots of past runs, in `state.sqlite`: one `run` row per build that published
/// news (or was the first), and per repository one `snapshot_span` row for each span of runs
/// that recorded the same figures. A run records only the repositories whose figures
/// changed: the history grows with the news, not with every repository every hour. The
/// latest run is the one recorded last.
final class SQLiteHistoryStore: HistoryStore {
    private let database: StateDatabase
    /// The open spans as `latestSnapshot` read them, and the run they were read at: `record`
    /// compares with them again at the end of the same build, 10,000 rows at 10,000
    /// repositories, unless another run was recorded in between.
    private let held = Mutex<(run: Int64, repositories: [RepoSnapshot])?>(nil)

    init(database: StateDatabase) {
        self.database = database
    }

    public func latestSnapshot() async throws -> RunSnapshot? {
        let latest = try await database.read { db in try Self.run(db, before: 0) }
        held.withLock { $0 = latest.map { (run: $0.0, repositories: $0.1.repositories) } }
        return latest?.1
    }

    public func snapshotBeforeLatest() async throws -> RunSnapshot? {
        try await database.read { db in try Self.run(db, before: 1) }?.1
    }

    /// The run recorded `before` runs before the latest (0: the latest), with its id.
    private static func run(_ db: Database, before: Int) throws -> (Int64, RunSnapshot)? {
        guard
            let run = try Row.fetchOne(
                db,
                sql: "SELECT id, taken_at, starred_complete, sources, gone FROM run ORDER BY id DESC LIMIT 1 OFFSET ?",
                arguments: [before])
        else { return nil }
        let id: Int64 = run["id"]
        return (
            id,
            RunSnapshot(
                takenAt: Date(timeIntervalSince1970: run["taken_at"]),
                repositories: try held(db, at: before == 0 ? nil : id),
                starredListComplete: run["starred_complete"], sources: StoredSources.decode(run["sources"]),
                gone: Set(StoredSources.ids(run["gone"]).map(GitHubRepo.ID.init(rawValue:))))
        )
    }

    /// The repositories a run recorded: the spans it lies in; the latest's (`run` nil) are the open ones.
    private static func held(_ db: Database, at run: Int64? = nil) throws -> [RepoSnapshot] {
        // Most rows hold one of a few lists of logins or Lists: each decoded once.
        var decoded: [String: Set<String>] = [:]
        func strings(_ text: String?) -> Set<String> {
            guard let text else { return [] }
            if let known = decoded[text] { return known }
            let strings = Set(StoredSources.strings(text) ?? [])
            decoded[text] = strings
            return strings
        }
        // Columns by position, as selected: GRDB finds a column by name with a case-insensitive
        // search of the row's names, 13 per row, a tenth of a second at 10,000 rows.
        let sql = """
            SELECT repo_id, owner, name, stars, forks, open_issues, latest_release, pushed_at, archived, starred,
                favourite, starred_by, lists, releases_unknown_since, latest_release_at
            FROM snapshot_span
            """
            + (run == nil
                ? " WHERE last_run IS NULL ORDER BY repo_id"
                : " WHERE first_run <= ?1 AND (last_run IS NULL OR last_run >= ?1) ORDER BY repo_id")
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(run.map { [$0] } ?? [])).map { row in
            var repo = RepoSnapshot(
                id: GitHubRepo.ID(rawValue: row[0]), name: RepoName(owner: row[1], name: row[2]),
                stars: row[3], forks: row[4], openIssues: row[5], latestRelease: row[6],
                pushedAt: (row[7] as Double?).map(Date.init(timeIntervalSince1970:)),
                isArchived: row[8], isStarred: row[9], isFavourite: row[10],
                starredBy: strings(row[11]), listMemberships: strings(row[12]))
            repo.releasesUnknownSince = (row[13] as Double?).map(Date.init(timeIntervalSince1970:))
            repo.latestReleaseAt = (row[14] as Double?).map(Date.init(timeIntervalSince1970:))
            return repo
        }
    }

    /// The newest run's id, 0 before the first. Ids only grow (`AUTOINCREMENT`, and pruning
    /// keeps the newest run), so the next run recorded is this plus one.
    func latestRunID() async throws -> Int64 {
        try await database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM run") ?? 0 }
    }

    /// One transaction: a killed run records the whole snapshot or nothing. A repository
    /// whose figures are those the latest run held keeps its open span; any other span the
    /// latest run held is closed at that run, and the repository's new figures open one.
    public func record(_ snapshot: RunSnapshot) async throws {
        try await database.write { db in
            let previous = try Int64.fetchOne(db, sql: "SELECT max(id) FROM run") ?? 0
            let read = self.held.withLock { $0?.run == previous ? $0?.repositories : nil }
            var held = Dictionary(
                try (read ?? Self.held(db)).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            try db.execute(
                sql: "INSERT INTO run (taken_at, starred_complete, sources, gone, news) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    snapshot.takenAt.timeIntervalSince1970, snapshot.starredListComplete,
                    snapshot.sources.map(StoredSources.encode),
                    snapshot.gone.isEmpty ? nil : StoredSources.encode(snapshot.gone.map(\.rawValue).sorted()),
                    snapshot.news.isEmpty ? nil : StoredSources.encode(snapshot.news.map(StoredChange.init)),
                ])
            let run = db.lastInsertedRowID
            let close = try db.makeStatement(
                sql: "UPDATE snapshot_span SET last_run = ? WHERE repo_id = ? AND last_run IS NULL")
            let open = try db.makeStatement(
                sql: """
                    INSERT OR REPLACE INTO snapshot_span (repo_id, first_run, last_run, owner, name, stars, forks,
                        open_issues, latest_release, pushed_at, archived, starred, favourite, starred_by, lists,
                        releases_unknown_since, latest_release_at)
                    VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            // A repository listed twice is recorded as listed last, as one row per run once was.
            let shown = Dictionary(snapshot.repositories.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
            for repo in shown.values {
                if let figures = held.removeValue(forKey: repo.id) {
                    // As it reads back: seconds since 1970 do not give every fraction back exactly.
                    var stored = repo
                    stored.pushedAt = repo.pushedAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) }
                    stored.releasesUnknownSince = repo.releasesUnknownSince.map {
                        Date(timeIntervalSince1970: $0.timeIntervalSince1970)
                    }
                    // The date of a release alone keeps the span: a tag published again
                    // (`nightly`), and every row recorded before dates were, would open one
                    // a run. The span's own date serves: it is the release's first.
                    stored.latestReleaseAt = figures.latestReleaseAt
                    if figures == stored { continue }
                    try close.execute(arguments: [previous, repo.id.rawValue])
                }
                try open.execute(arguments: [
                    repo.id.rawValue, run, repo.name.owner, repo.name.name, repo.stars, repo.forks, repo.openIssues,
                    repo.latestRelease, repo.pushedAt?.timeIntervalSince1970, repo.isArchived, repo.isStarred,
                    repo.isFavourite,
                    repo.starredBy.isEmpty ? nil : StoredSources.encode(repo.starredBy.sorted()),
                    repo.listMemberships.isEmpty ? nil : StoredSources.encode(repo.listMemberships.sorted()),
                    repo.releasesUnknownSince?.timeIntervalSince1970, repo.latestReleaseAt?.timeIntervalSince1970,
                ])
            }
            // Shown by the latest run, not by this one.
            for id in held.keys { try close.execute(arguments: [previous, id.rawValue]) }
        }
    }

    public func recentNews(runs: Int) async throws -> [DigestChange] {
        guard runs > 0 else { return [] }
        let kept = try await database.read { db in
            try String.fetchAll(
                db, sql: "SELECT news FROM run WHERE news IS NOT NULL ORDER BY id DESC LIMIT ?", arguments: [runs])
        }
        return kept.flatMap(StoredChange.decode)
    }

    /// Forgets the runs taken before `date` but the latest two (the latest's news is found
    /// against the one before it), and the spans that ended before the oldest run kept. A run
    /// dated after `future` (given a time ahead of the clock, `SOURCE_DATE_EPOCH`) is
    /// forgotten too, but for the latest two: kept, it would never be old enough to go, and
    /// would keep every span since it. Not a run dated after the latest: a build dated in the
    /// past (the last commit's time, as reproducible builds date them) forgets no run before it.
    public func prune(before date: Date, after future: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM run
                    WHERE (taken_at < ? OR taken_at > ?)
                      AND id NOT IN (SELECT id FROM run ORDER BY id DESC LIMIT 2)
                    """,
                arguments: [date.timeIntervalSince1970, future.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM snapshot_span WHERE last_run < (SELECT min(id) FROM run)")
        }
    }
}

/// The JSON `run.sources`, `run.gone`, `snapshot_span.starred_by` and `snapshot_span.lists`
/// hold. A value that does not decode is read as not recorded (the comparison then assumes
/// what it did before sources were).
private enum StoredSources {
    struct Sources: Codable {
        var starredBy: [String]
        var favourites: [String]
        var owners: [String]
        var searches: [String]
        /// Absent in a run recorded before `lists_of` was.
        var listsOf: [String]?
    }

    static func encode(_ sources: RunSources) -> String {
        encode(
            Sources(
                starredBy: sources.starredBy.sorted(), favourites: sources.favourites.sorted(),
                owners: sources.owners.sorted(),
                searches: sources.searches.sorted(), listsOf: sources.listsOf?.sorted()))
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func decode(_ text: String?) -> RunSources? {
        guard let data = text?.data(using: .utf8), let sources = try? JSONDecoder().decode(Sources.self, from: data)
        else { return nil }
        return RunSources(
            starredBy: sources.starredBy, favourites: sources.favourites, owners: sources.owners,
            searches: sources.searches, listsOf: sources.listsOf)
    }

    static func strings(_ text: String?) -> [String]? {
        text?.data(using: .utf8).flatMap { try? JSONDecoder().decode([String].self, from: $0) }
    }

    /// `run.gone`'s ids; none for NULL, or for a value that does not decode.
    static func ids(_ text: String?) -> [Int64] {
        text?.data(using: .utf8).flatMap { try? JSONDecoder().decode([Int64].self, from: $0) } ?? []
    }
}

/// A change as `run.news` keeps it: what its feed entry tells, and the repository's id, name
/// and stars (which order the repositories of changes told together; the other figures are
/// the run's snapshot's business). One that does not decode (written by a later repodigest)
/// is left out; one written before stars or `toldApart` were kept reads them as 0 and false.
private struct StoredChange: Codable {
    var kind: String
    var tag: String?
    var previous: String?
    var from: Int?
    var to: Int?
    var list: String?
    var formerOwner: String?
    var formerName: String?
    var repoID: Int64
    var owner: String
    var repo: String
    var stars: Int?
    var noticedAt: Double
    var toldApart: Bool?

    init(_ change: DigestChange) {
        (repoID, owner, repo) = (change.repo.id.rawValue, change.repo.name.owner, change.repo.name.name)
        stars = change.repo.stars
        noticedAt = change.noticedAt.timeIntervalSince1970
        toldApart = change.toldApart ? true : nil
        switch change.kind {
        case .newlyStarred: kind = "starred"
        case .unstarred: kind = "unstarred"
        case .newFavourite: kind = "favourite"
        case .newRelease(let tag, let previous): (kind, self.tag, self.previous) = ("release", tag, previous)
        case .starGain(let from, let to): (kind, self.from, self.to) = ("stars", from, to)
        case .archived: kind = "archived"
        case .renamed(let from): (kind, formerOwner, formerName) = ("renamed", from.owner, from.name)
        case .gone: kind = "gone"
        case .addedToList(let list): (kind, self.list) = ("list-added", list)
        case .removedFromList(let list): (kind, self.list) = ("list-removed", list)
        }
    }

    var change: DigestChange? {
        let kind: DigestChange.Kind
        switch (self.kind, tag, from, to, list, formerOwner, formerName) {
        case ("starred", _, _, _, _, _, _): kind = .newlyStarred
        case ("unstarred", _, _, _, _, _, _): kind = .unstarred
        case ("favourite", _, _, _, _, _, _): kind = .newFavourite
        case ("release", let tag?, _, _, _, _, _): kind = .newRelease(tag: tag, previous: previous)
        case ("stars", _, let from?, let to?, _, _, _): kind = .starGain(from: from, to: to)
        case ("archived", _, _, _, _, _, _): kind = .archived
        case ("renamed", _, _, _, _, let owner?, let name?): kind = .renamed(from: RepoName(owner: owner, name: name))
        case ("gone", _, _, _, _, _, _): kind = .gone
        case ("list-added", _, _, _, let list?, _, _): kind = .addedToList(list)
        case ("list-removed", _, _, _, let list?, _, _): kind = .removedFromList(list)
        default: return nil
        }
        var change = DigestChange(
            kind: kind,
            repo: RepoSnapshot(
                id: GitHubRepo.ID(rawValue: repoID), name: RepoName(owner: owner, name: repo), stars: stars ?? 0),
            noticedAt: Date(timeIntervalSince1970: noticedAt))
        change.toldApart = toldApart ?? false
        return change
    }

    /// The changes one `run.news` holds; none where it does not decode.
    static func decode(_ text: String) -> [DigestChange] {
        let stored = (try? JSONDecoder().decode([StoredChange].self, from: Data(text.utf8))) ?? []
        return stored.compactMap(\.change)
    }
}
