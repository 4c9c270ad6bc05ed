import Foundation

extension FakeGitHub {
    /// A user or organisation.
    public struct Account: Sendable, Hashable {
        public var login: String
        public var id: Int64
        public var isOrganization: Bool
        public var name: String?
        public var bio: String?

        public init(login: String, id: Int64, isOrganization: Bool = false, name: String? = nil, bio: String? = nil) {
            self.login = login
            self.id = id
            self.isOrganization = isOrganization
            self.name = name
            self.bio = bio
        }
    }

    public struct Repo: Sendable, Hashable {
        public var id: Int64
        public var owner: String
        public var name: String
        public var description: String?
        public var language: String?
        public var topics: [String]
        public var stars: Int
        public var isPrivate: Bool
        public var pushedAt: String
        public var releases: [Release]
        /// Markdown; nil for a repository without a README.
        public var readme: String?
        /// The README's path; one that is not Markdown is also served rendered, as `readmeHTML`.
        public var readmePath = "README.md"
        /// What `Accept: application/vnd.github.html+json` gets for the README.
        public var readmeHTML: String?

        public init(
            id: Int64, owner: String, name: String, description: String? = nil, language: String? = "Swift",
            topics: [String] = [], stars: Int = 0, isPrivate: Bool = false,
            pushedAt: String = "2026-11-01T10:00:00Z", releases: [Release] = [], readme: String? = nil
        ) {
            self.id = id
            self.owner = owner
            self.name = name
            self.description = description
            self.language = language
            self.topics = topics
            self.stars = stars
            self.isPrivate = isPrivate
            self.pushedAt = pushedAt
            self.releases = releases
            self.readme = readme
        }

        public var fullName: String { "\(owner)/\(name)" }
    }

    public struct Release: Sendable, Hashable {
        public var id: Int64
        public var tag: String
        public var name: String?
        public var body: String?
        /// What `body_html` holds when the notes are asked for rendered (`html+json`,
        /// `full+json`); nil: `body` as a paragraph, escaped, as GitHub would render plain text.
        public var bodyHTML: String?
        public var isDraft: Bool
        public var publishedAt: String?

        public init(
            id: Int64, tag: String, name: String? = nil, body: String? = nil, bodyHTML: String? = nil,
            isDraft: Bool = false, publishedAt: String? = "2026-10-01T12:00:00Z"
        ) {
            self.id = id
            self.tag = tag
            self.name = name
            self.body = body
            self.bodyHTML = bodyHTML
            self.isDraft = isDraft
            self.publishedAt = isDraft ? nil : publishedAt
        }

        /// `bodyHTML`, or `body` rendered as one paragraph.
        var renderedBody: String? {
            bodyHTML
                ?? body.map {
                    "<p>"
                        + $0.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                        .replacingOccurrences(of: ">", with: "&gt;") + "</p>"
                }
        }
    }

    /// A scripted misbehaviour, served instead of the real answer.
    /// A Star List: its repositories by full name, in order.
    public struct StarList: Sendable, Hashable {
        public var name: String
        public var slug: String
        public var description: String?
        public var isPrivate: Bool
        public var lastAddedAt: String
        public var repos: [String]

        public init(
            name: String, slug: String, description: String? = nil, isPrivate: Bool = false,
            lastAddedAt: String = "2026-11-20T10:00:00Z", repos: [String]
        ) {
            self.name = name
            self.slug = slug
            self.description = description
            self.isPrivate = isPrivate
            self.lastAddedAt = lastAddedAt
            self.repos = repos
        }
    }

    public enum Fault: Sendable, Hashable {
        /// A GraphQL 200 whose `errors` hold these messages, and no data.
        case graphQLErrors([String])
        /// GraphQL's own rate limit: a 200 with a `RATE_LIMITED` error and the graphql budget at 0.
        case graphQLRateLimited(resetIn: Int)
        /// An error status with GitHub's JSON message (500, 502, 503, …).
        case status(Int)
        /// The real answer, `seconds` late.
        case slow(seconds: Double)
        /// The connection closes without an answer.
        case drop
        /// Headers and half the body, then the connection closes.
        case dropMidBody
        /// A complete HTTP answer whose JSON is cut in half.
        case truncatedJSON
        /// 403 with `X-RateLimit-Remaining: 0`, resetting `resetIn` seconds from now.
        case primaryRateLimit(resetIn: Int)
        /// 403 (or 429) with `Retry-After`.
        case secondaryRateLimit(retryAfter: Int, status: Int)
        case unauthorized
        case notFound
        /// 301 to an absolute URL (another host, say).
        case redirect(to: String)
        /// The real answer, with bytes that are not UTF-8 inside its first string value.
        case invalidUTF8
        /// The real answer, with a `Link` whose `next` is `url` (another host, say).
        case link(next: String)
        /// The real answer with its first `text` replaced by `replacement` (the body as
        /// written: compact JSON, keys sorted), for JSON no serialiser writes: `1e400`,
        /// `"\ud800"`, a field of the wrong type. Its validator stays, so a later run's
        /// conditional request gets a 304 and reads the rewritten copy from its cache.
        case rewrite(String, with: String)
        /// The real answer with the first page's items whatever page is asked for, and a
        /// `Link` that always offers the following page and claims `claimedLast` in all.
        case endlessPages(claimedLast: Int)
        /// Exactly this answer and no other header: a body and headers as a hostile
        /// or broken server might send them (`Retry-After: soon`, escapes in a message).
        case raw(status: Int, headers: [String: String], body: String)
        /// The real answer with these header fields added, sent as they are (CR and all).
        case extraHeaders([String: String])
        /// The real answer with every `target` in its body replaced by `replacement`, byte
        /// for byte (a JSON escape the server chose, say); no ETag, so nothing is a 304.
        case rewriteBody(target: String, replacement: String)
        /// An error whose message quotes the request's `Authorization` header back.
        case echoAuthorization(status: Int)
    }
}
