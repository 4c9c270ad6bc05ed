import Entities
import UseCases

/// `repodigest.toml`, read and checked. See the README for every key.
struct Configuration: Sendable, Equatable {
    var title = "repodigest"
    /// Absolute URL the site is published at (ends with `/`); empty when only relative links are wanted.
    var baseURL = ""
    var theme = "default"
    /// Where `theme` was set, so that a theme that does not exist is reported at its line.
    var themeSource = "the default configuration"
    var themeLine: Int?
    var apiURL = "https://api.github.com"
    /// Show private repositories (a token can see them); they are left out of every page otherwise.
    var includePrivate = false
    /// Requests to the API in flight at once.
    var concurrency = 4
    /// The longest wait for a rate limit to lift before the run gives up (exit code 3).
    var maxWaitSeconds = 60
    var starredBy: [String] = []
    var favourites: [Favourite] = []
    var owners: [String] = []
    var searches: [SavedSearch] = []
    /// Repositories per page of a long list.
    var pageSize = 30
    /// How long snapshots of past runs are kept; the latest is kept whatever its age.
    var historyDays = 90
    /// Days after which a run reads every starred list to its end again, to notice unstars.
    var fullRefreshDays = 7
    /// `starred_group` and `starred_sort`.
    var starred = StarredArrangement()

    /// An absolute http(s) URL ending in `/`, with nothing in it that could break out of an
    /// attribute or a feed: the only shape `base_url` may take.
    static func isValidBaseURL(_ text: String) -> Bool {
        (text.hasPrefix("https://") || text.hasPrefix("http://")) && text.hasSuffix("/")
            && text.drop(while: { $0 != ":" }).dropFirst(3).first.map { $0 != "/" } == true
            && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"\"<>'`\\".unicodeScalars.contains($0) }
    }

    /// What the build use case needs from it.
    var digestRequest: BuildDigest.Request {
        BuildDigest.Request(
            title: title, starredBy: starredBy, favourites: favourites, owners: owners,
            searches: searches, pageSize: pageSize, includePrivate: includePrivate, starred: starred,
            fullRefreshDays: fullRefreshDays)
    }
}

/// A configuration that cannot be used: where, and what was expected.
struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The file (or environment variable) at fault.
    var source: String
    var line: Int?
    var column: Int?
    var message: String

    init(source: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    var description: String {
        let position = [line, column].compactMap { $0 }.map { ":\($0)" }.joined()
        return "\(source)\(position): \(message)"
    }
}
