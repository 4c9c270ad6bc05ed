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

    init(starredAt: Date?, repo: RepoDTO) {
        self.starredAt = starredAt
        self.repo = repo
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

/// A README answer: its `content` (the text, base64 unless `encoding` says otherwise), and
/// the fields about it (`about`), read as the README's own (`readme.path`).
@dynamicMemberLookup
struct ReadmeDTO: Decodable {
    /// Every field but `content`, which `quickly(from:decoder:)` reads on its own.
    struct About: Decodable {
        var path: String?
        var encoding: String?
        var htmlUrl: String?
        var downloadUrl: String?

        private enum CodingKeys: String, CodingKey {
            case path
            case encoding
            case htmlUrl = "html_url"
            case downloadUrl = "download_url"
        }
    }

    var about: About
    var content: String?

    private enum ContentKey: String, CodingKey {
        case content
    }

    subscript<Field>(dynamicMember field: KeyPath<About, Field>) -> Field { about[keyPath: field] }

    init(about: About, content: String?) {
        self.about = about
        self.content = content
    }

    init(from decoder: any Decoder) throws {
        self.init(
            about: try About(from: decoder),
            content: try decoder.container(keyedBy: ContentKey.self).decodeIfPresent(String.self, forKey: .content))
    }

    /// The README from GitHub's JSON, its base64 `content` read straight from the bytes:
    /// JSONDecoder copies a string with escapes a character at a time, and GitHub's base64
    /// has an escaped line break every 60 characters, which made reading each cached README a
    /// few per cent of a cold build. Nil, for the full decoding, at anything unexpected: no
    /// single `"content"` key, an escape other than a line break or `/`, a byte that is not
    /// base64, or an encoding other than base64.
    static func quickly(from json: Data, decoder: JSONDecoder) -> ReadmeDTO? {
        guard let about = try? decoder.decode(About.self, from: json), (about.encoding ?? "base64") == "base64"
        else { return nil }
        let content: String? = json.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let start = Self.contentValueStart(in: bytes) else { return nil }
            var base64: [UInt8] = []
            base64.reserveCapacity(bytes.count - start)
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { return nil }
                    switch bytes[index + 1] {
                    case UInt8(ascii: "n"), UInt8(ascii: "r"): break
                    case UInt8(ascii: "/"): base64.append(UInt8(ascii: "/"))
                    default: return nil
                    }
                    index += 2
                    continue
                case UInt8(ascii: "\""):
                    return String(decoding: base64, as: UTF8.self)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                    base64.append(byte)
                default:
                    return nil
                }
                index += 1
            }
            return nil
        }
        guard let content else { return nil }
        return ReadmeDTO(about: about, content: content)
    }

    /// Where the string value of the one `"content"` key starts (past its opening quote); nil
    /// when there is no such key, or more than one place that could be it.
    private static func contentValueStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = Array("\"content\"".utf8)
        var found: Int?
        var index = 0
        while index + key.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == key[0], bytes[index..<index + key.count].elementsEqual(key) else { continue }
            var after = index + key.count
            while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
            guard after < bytes.count, bytes[after] == UInt8(ascii: ":") else { continue }
            after += 1
            while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
            guard after < bytes.count, bytes[after] == UInt8(ascii: "\""), found == nil else { return nil }
            found = after + 1
        }
        return found
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
