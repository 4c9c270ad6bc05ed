/// The page of one repository.
public struct RepoPage: Sendable, Hashable {
    public var card: RepoCard
    /// The owner's page on this site, when the digest has one for it.
    public var owner: PageLink?
    /// The owner's login and profile on GitHub, always present.
    public var ownerLogin: String
    public var ownerGitHubURL: String
    /// Label and value pairs: "Stars" → "1,234", "Licence" → "MIT License", ….
    public var facts: [Fact]
    /// The project's homepage, only when it is a safe http(s) URL (`http://` put before a bare
    /// host name such as `example.com`).
    public var homepageURL: String?
    public var releases: [ReleaseItem]
    public var readme: MarkdownText?
    /// False where GitHub would not give the releases and no earlier run had them: `releases`
    /// is empty because they are not known, and the page says so rather than showing none.
    public var releasesKnown = true
    /// The same for the README: the page says it could not be fetched, not that there is none.
    public var readmeKnown = true
    /// For a page whose README is left out, to be streamed to the renderer (`ReadmeBatch`):
    /// what names the README it will show (`RepositorySource.readmeVersions`), so that a page
    /// whose inputs did not change is carried over without its README ever being read. Nil
    /// where the source cannot tell: the README is then read, and the page's inputs include it.
    public var readmeVersion: String?

    public init(
        card: RepoCard, owner: PageLink?, ownerLogin: String, ownerGitHubURL: String, facts: [Fact],
        homepageURL: String?, releases: [ReleaseItem], readme: MarkdownText?
    ) {
        self.card = card
        self.owner = owner
        self.ownerLogin = ownerLogin
        self.ownerGitHubURL = ownerGitHubURL
        self.facts = facts
        self.homepageURL = homepageURL
        self.releases = releases
        self.readme = readme
    }
}

/// One labelled value in a repository's summary.
public struct Fact: Sendable, Hashable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// A release as listed on its repository's page.
public struct ReleaseItem: Sendable, Hashable {
    public var title: String
    public var tag: String
    public var dateText: String?
    /// ISO 8601, for `<time datetime>` and feeds.
    public var dateISO: String?
    public var isPrerelease: Bool
    public var url: String
    public var notes: MarkdownText?

    public init(
        title: String, tag: String, dateText: String?, dateISO: String?, isPrerelease: Bool,
        url: String, notes: MarkdownText?
    ) {
        self.title = title
        self.tag = tag
        self.dateText = dateText
        self.dateISO = dateISO
        self.isPrerelease = isPrerelease
        self.url = url
        self.notes = notes
    }
}
