public import Entities
public import Foundation
public import UseCases

/// The bundled sample's history: one earlier run (`Sample/history/previous-run.json`, the
/// sample as it was a day before), so `repodigest build --sample` shows a digest with
/// changes in it. It records nothing: a sample build reads and writes no state (it only takes
/// the run lock there, when it has a state folder).
public struct SampleHistory: HistoryStore {
    private let previous: RunSnapshot?

    public init() {
        previous = SampleFiles.files["history/previous-run.json"]
            .flatMap { Data(base64Encoded: $0) }
            .flatMap { try? JSONDecoder.sampleHistory.decode(SnapshotDTO.self, from: $0) }
            .map(\.entity)
    }

    public func latestSnapshot() async throws -> RunSnapshot? { previous }
    public func snapshotBeforeLatest() async throws -> RunSnapshot? { nil }
    public func record(_ snapshot: RunSnapshot) async throws {}
    public func recentNews(runs: Int) async throws -> [DigestChange] { [] }
    public func prune(before date: Date, after future: Date) async throws {}
}

/// `previous-run.json`: a run snapshot in the sample's own, readable shape.
private struct SnapshotDTO: Decodable {
    struct Repository: Decodable {
        var id: Int64
        var fullName: String
        var stars: Int
        var forks: Int
        var openIssues: Int
        var latestRelease: String?
        var pushedAt: Date?
        var archived: Bool
        var starred: Bool
        var favourite: Bool
        /// The Star Lists that held it.
        var lists: [List]?
    }

    struct List: Decodable {
        var account: String
        var id: String
        var name: String
    }

    /// What the sample's earlier run read: its starred repositories are `starredBy`'s.
    struct Sources: Decodable {
        var starredBy: [String]
        var favourites: [String]
        var owners: [String]
        var searches: [String]
        var listsOf: [String]?
    }

    var takenAt: Date
    var starredListComplete: Bool
    var sources: Sources?
    var repositories: [Repository]

    var entity: RunSnapshot {
        let sources = sources.map {
            RunSources(
                starredBy: $0.starredBy, favourites: $0.favourites, owners: $0.owners, searches: $0.searches,
                listsOf: $0.listsOf ?? [])
        }
        return RunSnapshot(
            takenAt: takenAt,
            repositories: repositories.compactMap { repo in
                (try? RepoName(parsing: repo.fullName)).map { name in
                    RepoSnapshot(
                        id: GitHubRepo.ID(rawValue: repo.id), name: name, stars: repo.stars, forks: repo.forks,
                        openIssues: repo.openIssues, latestRelease: repo.latestRelease, pushedAt: repo.pushedAt,
                        isArchived: repo.archived, isStarred: repo.starred, isFavourite: repo.favourite,
                        starredBy: repo.starred ? sources?.starredBy ?? [] : [],
                        listMemberships: Set(
                            (repo.lists ?? []).map {
                                ListMembership(account: $0.account, list: $0.id, name: $0.name).recorded
                            }))
                }
            },
            starredListComplete: starredListComplete, sources: sources)
    }
}

extension JSONDecoder {
    fileprivate static var sampleHistory: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
