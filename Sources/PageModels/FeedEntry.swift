/// One entry of the digest's feeds (`feed.xml`, `feed.json`) and of its "what's new":
/// a repository starred, a release published, or another change since the last run.
public struct FeedEntry: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case starred
        case release
        /// Star gains, archives, renames, repositories gone or unstarred: dated at the run.
        case change
    }

    /// Never changes for the same star or release, so feed readers never show it twice.
    public var id: String
    public var kind: Kind
    /// "Starred lumen-labs/lantern", "lumen-labs/lantern 2.0.0".
    public var title: String
    /// The repository's full name.
    public var repository: String
    /// The repository's page on this site; nil for a repository that has none (gone, unstarred).
    public var route: Route?
    /// Where the entry points on GitHub (the repository, or the release): an http or https
    /// address, as `SafeURL` passes them.
    public var url: String
    /// ISO 8601: when it was starred or published.
    public var dateISO: String
    /// "20 Nov 2026".
    public var dateText: String
    /// Plain text: the repository's description.
    public var summary: String?
    /// Release notes, for release entries that have them.
    public var content: MarkdownText?
    /// A release's own name, without its repository's or its tag: "Faster builds" (the tag
    /// where the release has no other name); nil for entries of other kinds.
    public var releaseName: String?
    /// A release's tag, where its name is not the tag itself: "v2.0.0".
    public var releaseTag: String?
    public var isPrerelease: Bool

    public init(
        id: String, kind: Kind, title: String, repository: String, route: Route?, url: String,
        dateISO: String, dateText: String, summary: String?, content: MarkdownText?,
        releaseName: String? = nil, releaseTag: String? = nil, isPrerelease: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.repository = repository
        self.route = route
        self.url = url
        self.dateISO = dateISO
        self.dateText = dateText
        self.summary = summary
        self.content = content
        self.releaseName = releaseName
        self.releaseTag = releaseTag
        self.isPrerelease = isPrerelease
    }
}
