import Entities
import Foundation
import UseCases

/// An in-memory `RepositorySource`: what the use cases see, with no network and no files.
struct FakeRepositorySource: RepositorySource {
    var owners: [String: Owner] = [:]
    var stars: [String: [Star]] = [:]
    var ownedRepos: [String: [GitHubRepo]] = [:]
    var searchResults: [String: [GitHubRepo]] = [:]
    var repos: [String: GitHubRepo] = [:]
    var releaseLists: [String: [Release]] = [:]
    var readmes: [String: Readme] = [:]
    /// Pictures by login.
    var avatars: [String: Avatar] = [:]
    var lists: [String: [StarList]] = [:]
    /// The token's owner, for `@me`.
    var me: String?
    /// Names of calls that fail, e.g. "starred:mona".
    var failing: Set<String> = []

    struct Failure: Error, CustomStringConvertible {
        var call: String
        var description: String { "fake failure in \(call)" }
    }

    private func check(_ call: String) throws {
        if failing.contains(call) { throw Failure(call: call) }
    }

    func avatar(of owner: Owner, size: Int) async -> Avatar? {
        avatars[owner.login]
    }

    func owner(_ login: String) async throws -> Owner {
        try check("owner:\(login)")
        guard let owner = owners[login] else { throw Failure(call: "owner:\(login)") }
        return owner
    }

    func starLists(of account: String) async throws -> [StarList] {
        try check("lists:\(account)")
        return lists[account] ?? []
    }

    func tokenOwner() async -> String? { me }

    func starsRead(by login: String) async throws -> StarsRead {
        try check("starred:\(login)")
        return StarsRead(stars: stars[login] ?? [], isComplete: true)
    }

    func repositories(of owner: Owner) async throws -> [GitHubRepo] {
        try check("repos:\(owner.login)")
        return ownedRepos[owner.login] ?? []
    }

    func search(_ search: SavedSearch) async throws -> [GitHubRepo] {
        try check("search:\(search.query)")
        return searchResults[search.query] ?? []
    }

    func repository(_ name: RepoName) async throws -> GitHubRepo {
        try check("repo:\(name)")
        guard let repo = repos[name.description] else { throw RepositoryNotFound(name: name) }
        return repo
    }

    func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release] {
        try check("releases:\(repo.name)")
        return Array((releaseLists[repo.name.description] ?? []).prefix(limit))
    }

    func readme(of repo: GitHubRepo) async throws -> Readme? {
        try check("readme:\(repo.name)")
        return readmes[repo.name.description]
    }
}

struct FixedClock: Clock {
    var now: Date
}

/// Small builders so each test states only what it is about.
enum Make {
    static let day: TimeInterval = 86_400
    static let epoch = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

    static func owner(_ login: String, kind: Owner.Kind = .user) -> Owner {
        Owner(
            login: login, id: Int64(abs(login.hashValue % 100_000)), kind: kind, htmlURL: "https://github.com/\(login)")
    }

    static func repo(
        _ fullName: String, id: Int64, stars: Int = 10, language: String? = "Swift", topics: [String] = [],
        pushedDaysAgo: Double? = 1, archived: Bool = false, isPrivate: Bool = false,
        description: String? = nil, homepage: String? = nil
    ) -> GitHubRepo {
        let name = try! RepoName(parsing: fullName)
        return GitHubRepo(
            id: GitHubRepo.ID(rawValue: id), name: name, owner: owner(name.owner), description: description,
            htmlURL: "https://github.com/\(fullName)", homepage: homepage, language: language, topics: topics,
            stars: stars, isArchived: archived, isPrivate: isPrivate,
            pushedAt: pushedDaysAgo.map { epoch.addingTimeInterval(-$0 * day) })
    }

    static func star(_ repo: GitHubRepo, daysAgo: Double?) -> Star {
        Star(repo: repo, starredAt: daysAgo.map { epoch.addingTimeInterval(-$0 * day) })
    }
}
