import Entities
import Foundation

// The JSON shapes of GitHub's REST API, as decoded. Every field the API may leave out or
// send as null is optional, and unknown fields are ignored, so old and new answers decode.
// Counts decode whatever their size (`CountDTO`); names are checked (`CheckedDTO`).

struct RepoDTO: Decodable {
    var id: Int64
    var name: String
    var fullName: String?
    var owner: AccountDTO
    var `private`: Bool?
    var htmlUrl: String?
    var description: String?
    var fork: Bool?
    var homepage: String?
    var language: String?
    var topics: [String]?
    var stargazersCount: CountDTO?
    /// The real number of watchers; only the single-repository answer carries it.
    var subscribersCount: CountDTO?
    var forksCount: CountDTO?
    var openIssuesCount: CountDTO?
    var license: LicenseDTO?
    var archived: Bool?
    var defaultBranch: String?
    var createdAt: Date?
    var updatedAt: Date?
    var pushedAt: Date?
}

extension RepoDTO: CheckedDTO {
    /// A name GitHub does not allow would become a request path (`/repos/o/..` is
    /// `/repos/o`), a file and a link: such a repository is left out.
    var problem: String? {
        if let problem = owner.problem { return problem }
        guard GitHubName.isRepository(name) else { return "the name is not one GitHub allows" }
        if let fullName, (try? RepoName(parsing: fullName)) == nil { return "full_name is not a name GitHub allows" }
        return nil
    }
}

struct LicenseDTO: Decodable {
    var key: String?
    var name: String?
    var spdxId: String?
}

/// A user or organisation, either the short form embedded in other objects or the full one.
struct AccountDTO: Decodable {
    var login: String
    var id: Int64
    var type: String?
    var htmlUrl: String?
    var avatarUrl: String?
    var name: String?
    var bio: String?
    /// Organisations describe themselves here rather than in `bio`.
    var description: String?
}

extension AccountDTO: CheckedDTO {
    var problem: String? {
        GitHubName.isLogin(login) ? nil : "the owner's login is not one GitHub allows"
    }
}

/// One entry of a starred list. With the `star+json` media type GitHub wraps each repository
/// as `{starred_at, repo}`; without it the entry is the repository itself. Both decode.
struct StarDTO: Decodable {
    var starredAt: Date?
    var repo: RepoDTO

    private enum CodingKeys: String, CodingKey {
        case starredAt
        case repo
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.repo) {
            repo = try container.decode(RepoDTO.self, forKey: .repo)
            starredAt = try container.decodeIfPresent(Date.self, forKey: .starredAt)
        } else {
            repo = try RepoDTO(from: decoder)
            starredAt = nil
        }
    }
}

extension StarDTO: CheckedDTO {
    var problem: String? { repo.problem }
}

struct ReleaseDTO: CheckedDTO {
    var id: Int64
    var tagName: String
    var name: String?
    var body: String?
    /// GitHub's rendering of `body`, sent only when asked for (`MediaType.fullJSON`).
    var bodyHtml: String?
    var htmlUrl: String?
    var draft: Bool?
    var prerelease: Bool?
    var publishedAt: Date?
    var createdAt: Date?

    var problem: String? { nil }
}

struct ReadmeDTO: Decodable {
    var path: String?
    var content: String?
    var encoding: String?
    var htmlUrl: String?
    var downloadUrl: String?
}

struct SearchResultDTO: Decodable {
    var totalCount: CountDTO?
    var incompleteResults: Bool?
    var items: [Lenient<RepoDTO>]
}

/// `GET /rate_limit`: every budget by name (`core`, `search`, …). Asking costs nothing.
struct RateLimitDTO: Decodable {
    struct Budget: Decodable {
        var limit: Int?
        var remaining: Int
        var reset: Int64
    }

    var resources: [String: Budget]
}
