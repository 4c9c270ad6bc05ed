import Entities
import Foundation

// The JSON shapes of GitHub's REST API, as decoded. Every field the API may leave out or
// send as null is optional, and unknown fields are ignored, so old and new answers decode.
// Counts decode whatever their size (`CountDTO`); names are checked (`CheckedDTO`).
//
// Each DTO names GitHub's snake_case keys in its `CodingKeys` rather than letting the
// decoder convert them: `convertFromSnakeCase` converts every key of every object, the
// ~90 of a repository that are never read too, and cost a third of decoding a starred list.

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

    private enum CodingKeys: String, CodingKey {
        case id
        case name
        case fullName = "full_name"
        case owner
        case `private`
        case htmlUrl = "html_url"
        case description
        case fork
        case homepage
        case language
        case topics
        case stargazersCount = "stargazers_count"
        case subscribersCount = "subscribers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case license
        case archived
        case defaultBranch = "default_branch"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
    }
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

    private enum CodingKeys: String, CodingKey {
        case key
        case name
        case spdxId = "spdx_id"
    }
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

    private enum CodingKeys: String, CodingKey {
        case login
        case id
        case type
        case htmlUrl = "html_url"
        case avatarUrl = "avatar_url"
        case name
        case bio
        case description
    }
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
        case starredAt = "starred_at"
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

    private enum CodingKeys: String, CodingKey {
        case id
        case tagName = "tag_name"
        case name
        case body
        case bodyHtml = "body_html"
        case htmlUrl = "html_url"
        case draft
        case prerelease
        case publishedAt = "published_at"
        case createdAt = "created_at"
    }

    var problem: String? { nil }
}

struct ReadmeDTO: Decodable {
    var path: String?
    var content: String?
    var encoding: String?
    var htmlUrl: String?
    var downloadUrl: String?

    private enum CodingKeys: String, CodingKey {
        case path
        case content
        case encoding
        case htmlUrl = "html_url"
        case downloadUrl = "download_url"
    }
}

struct SearchResultDTO: Decodable {
    var totalCount: CountDTO?
    var incompleteResults: Bool?
    var items: [Lenient<RepoDTO>]

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
        case items
    }
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
