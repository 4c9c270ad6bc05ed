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

/// A README or release note from the data, still unrendered: the renderer turns it into
/// sanitised HTML. Relative links and images in it resolve against the two bases.
public struct MarkdownText: Sendable, Hashable {
    /// What `source` is written in.
    public enum Markup: Sendable, Hashable {
        /// GitHub Flavored Markdown, rendered by the site.
        case markdown
        /// HTML GitHub rendered from another markup (reStructuredText, AsciiDoc, Org, …):
        /// it only goes through the sanitiser.
        case html
    }

    public var source: String
    public var markup: Markup
    /// Base for relative links, e.g. `https://github.com/OWNER/NAME/blob/main/`.
    public var linkBase: String?
    /// Base for relative images, e.g. `https://raw.githubusercontent.com/OWNER/NAME/main/`.
    public var imageBase: String?
    /// Where a path from the root (`/docs/logo.png`) starts, for links and for images, when
    /// that is not the base: a README in a folder (`.github/README.md`) resolves `docs/a.md`
    /// in its folder and `/docs/a.md` at the repository's root, as GitHub does.
    public var rootLinkBase: String?
    public var rootImageBase: String?
    /// Images the site publishes itself: the file name in `Site.readmeImages` for each URL an
    /// image may be shown from, written or resolved (`https://raw.githubusercontent.com/…`).
    public var localImages: [String: String] = [:]

    public init(source: String, markup: Markup = .markdown, linkBase: String? = nil, imageBase: String? = nil) {
        self.source = source
        self.markup = markup
        self.linkBase = linkBase
        self.imageBase = imageBase
    }
}
