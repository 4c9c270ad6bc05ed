public import Entities
public import UseCases

/// `repodigest.toml`, read and checked. See the README for every key.
public struct Configuration: Sendable, Equatable {
    public var title = "repodigest"
    /// Absolute URL the site is published at (ends with `/`); empty when only relative links are wanted.
    public var baseURL = ""
    public var theme = "default"
    /// Where `theme` was set, so that a theme that does not exist is reported at its line.
    public var themeSource = "the default configuration"
    public var themeLine: Int?
    /// The language every page, feed and `digest.md` is written in: a catalogue's name
    /// (`en`, `ja`, or one a theme folder adds). The command line stays English.
    public var language = "en"
    /// Where `language` was set, so that a language with no catalogue is reported at its line.
    public var languageSource = "the default configuration"
    public var languageLine: Int?
    public var apiURL = "https://api.github.com"
    /// Where `apiURL` was set, so that a URL the token may not travel to is reported at its line.
    public var apiURLSource = "the default configuration"
    public var apiURLLine: Int?
    /// Show private repositories (a token can see them); they are left out of every page otherwise.
    public var includePrivate = false
    /// Requests to the API in flight at once.
    public var concurrency = 4
    /// How long the whole run may wait for rate limits, all waits together, before it gives up (exit code 3).
    public var maxWaitSeconds = 60
    /// How long a run may spend asking GitHub (`max_fetch_seconds`); past it, what is left
    /// is built from the cache and shown stale.
    public var maxFetchSeconds = 1_800
    public var starredBy: [String] = []
    public var favourites: [Favourite] = []
    public var owners: [String] = []
    public var searches: [SavedSearch] = []
    /// Accounts whose GitHub Star Lists get a page each (`@me`: the token's owner, private
    /// Lists included with `include_private`). Read through GraphQL, which needs a token.
    public var listsOf: [String] = []
    /// Where `lists_of` was written, so that a build without a token is refused at its line.
    public var listsOfSource: String?
    public var listsOfLine: Int?
    /// Repositories per page of a long list.
    public var pageSize = 30
    /// How long snapshots of past runs are kept; the latest is kept whatever its age.
    public var historyDays = 90
    /// Every repository's releases and README are asked for again at least this often,
    /// pushed to or not (`DetailRefresh`).
    public var detailsRefreshDays = 7
    /// What the file says that still works but should change (a key that no longer does
    /// anything), each naming the file and line: the build prints them as warnings.
    public var warnings: [String] = []
    /// `starred_group` and `starred_sort`.
    public var starred = StarredArrangement()
    /// `markdown`: what `digest.md` holds, the digest or the whole list.
    public var markdown = MarkdownDigest.digest
    /// `avatars`: owners' pictures linked from GitHub, copied into the site, or none.
    public var avatars = AvatarMode.link

    /// The defaults: what a build uses where the file says nothing.
    public init() {}

    /// The only shape `base_url` may take (`baseURLProblem` says why another cannot).
    public static func isValidBaseURL(_ text: String) -> Bool {
        baseURLProblem(text) == nil
    }

    /// What the build use case needs from it.
    public var digestRequest: BuildDigest.Request {
        var request = BuildDigest.Request(
            title: title, starredBy: starredBy, favourites: favourites, owners: owners,
            searches: searches, pageSize: pageSize, includePrivate: includePrivate, starred: starred,
            detailRefresh: DetailRefresh(days: detailsRefreshDays), listsOf: listsOf)
        request.markdown = markdown
        request.avatars = avatars
        return request
    }
}
