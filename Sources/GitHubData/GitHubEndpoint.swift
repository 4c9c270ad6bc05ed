import Entities
import Foundation
import UseCases

/// Every URL the live store asks for, built in one place from the API root.
struct GitHubEndpoint: Sendable {
    /// The API root without a trailing slash: `https://api.github.com`, `https://ghe.example/api/v3`.
    var root: String

    init(apiURL: String) {
        var root = apiURL
        while root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    /// A list asks for the largest page GitHub gives, to spend the fewest requests.
    static let pageSize = 100

    func user(_ login: String) -> String { url("users", login) }
    var authenticatedUser: String { url("user") }
    func starred(by login: String) -> String { url("users", login, "starred", query: perPage) }
    var authenticatedStarred: String { url("user", "starred", query: perPage) }
    func userRepositories(_ login: String) -> String { url("users", login, "repos", query: perPage) }
    func organisationRepositories(_ login: String) -> String { url("orgs", login, "repos", query: perPage) }
    /// The token owner's own repositories, private ones included (the use cases decide whether to show them).
    var authenticatedRepositories: String { url("user", "repos", query: [("affiliation", "owner")] + perPage) }
    func repository(_ name: RepoName) -> String { url("repos", name.owner, name.name) }
    func releases(_ name: RepoName) -> String { url("repos", name.owner, name.name, "releases", query: perPage) }
    func readme(_ name: RepoName) -> String { url("repos", name.owner, name.name, "readme") }
    var rateLimit: String { url("rate_limit") }
    /// GitHub's GraphQL endpoint: beside the REST root on github.com, and at `/api/graphql`
    /// for GitHub Enterprise Server, whose REST root is `/api/v3`.
    var graphQL: String {
        // A path's case as the server's is not known to matter; `/API/V3` read as `GitHubWeb` reads it.
        root.lowercased().hasSuffix("/api/v3") ? String(root.dropLast("/v3".count)) + "/graphql" : root + "/graphql"
    }

    func search(_ search: SavedSearch, perPage: Int) -> String {
        var query = [("q", search.query)]
        if search.sort != .bestMatch { query += [("sort", search.sort.rawValue), ("order", "desc")] }
        return url("search", "repositories", query: query + [("per_page", String(perPage))])
    }

    private var perPage: [(String, String)] { [("per_page", String(Self.pageSize))] }

    /// Appended in place: a run at 10,000 repositories builds 60,000 of these for the cache's keys.
    private func url(_ segments: String..., query: [(String, String)] = []) -> String {
        var url = root
        url.reserveCapacity(root.utf8.count + 96)
        for segment in segments {
            url += "/"
            url += Self.segment(segment)
        }
        for (index, (name, value)) in query.enumerated() {
            url += index == 0 ? "?" : "&"
            url += name
            url += "="
            // A search query keeps `:` readable (`language:swift`); `+`, `&`, `=` and `#` are escaped.
            url += SafeURL.encoded(value, keeping: ":/")
        }
        return url
    }

    /// One path segment, percent-encoded: a value from the data or the configuration can
    /// add no segment (`a/b`) and, as `.` or `..`, cannot be a dot segment that libcurl or a
    /// proxy would collapse (`/repos/o/../readme` is `/repos/readme`). Names GitHub cannot
    /// have are refused where they enter; this holds even for one that slipped through.
    static func segment(_ text: String) -> String {
        if text.isEmpty || text == "." || text == ".." {
            return String(repeating: "%2E", count: text.count)
        }
        return SafeURL.encoded(text)
    }
}
