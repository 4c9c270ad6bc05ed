/// "What changed since the last run", at the top of the digest.
public struct ChangesSection: Sendable, Hashable {
    /// "3 changes since 21 Nov 2026, 03:00 UTC", or why there are none to show.
    public var summary: String
    public var items: [ChangeItem]

    public init(summary: String, items: [ChangeItem]) {
        self.summary = summary
        self.items = items
    }
}

/// One change, ready to show.
public struct ChangeItem: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case starred, unstarred, favourite, release, stars, archived, renamed, gone, addedToList, removedFromList
    }

    /// Stable for the same event across runs (feed readers key on it).
    public var id: String
    public var kind: Kind
    /// A short label for the kind: "New release", "Stars", "Gone".
    public var label: String
    /// "lumen-labs/lantern v2.0 (was v1.9)", "otter-cli/otter: 3,890 → 4,120 stars (+230, +5.9%)".
    public var text: String
    /// `text` around the repository's name, where it names it once: so that a page can link
    /// the name alone, as GitHub's feeds do, rather than the whole sentence.
    public var around: Around?
    public var repository: String
    /// The repository's page on this site, when it has one (gone and unstarred ones may not).
    public var route: Route?
    /// The repository (or release) on GitHub, always https; with `members`, the Star List's
    /// page on GitHub where it has one (not for `@me` whose login is not known) and `around`
    /// names it, else the first member's (for a theme that links every item's text, and for
    /// the feeds).
    public var url: String
    /// The repositories of a change told once for many: several added to one Star List, or
    /// taken out of one (a List filled or deleted at once), each linked after `text` ("12
    /// repositories were added to the List Databases"), which then names the List as
    /// `repository`. Empty for a change of one repository.
    public var members: [Member] = []

    /// One repository of a change told for many.
    public struct Member: Sendable, Hashable {
        public var name: String
        /// Its page on this site, when it has one.
        public var route: Route?
        /// The repository on GitHub.
        public var url: String

        public init(name: String, route: Route?, url: String) {
            self.name = name
            self.route = route
            self.url = url
        }
    }

    /// `text` is `before` + the repository's name + `after`.
    public struct Around: Sendable, Hashable {
        public var before: String
        public var after: String

        public init(before: String, after: String) {
            self.before = before
            self.after = after
        }
    }

    public init(id: String, kind: Kind, label: String, text: String, repository: String, route: Route?, url: String) {
        self.id = id
        self.kind = kind
        self.label = label
        self.text = text
        self.repository = repository
        self.route = route
        self.url = url
    }
}
