/// A repository as it appears in a list: everything already formatted for display.
///
/// A card's fields (`Fields`, read and written as its own: `card.fullName`) live in one
/// shared box, copied only when a copy is changed: one repository shows on up to half a
/// dozen lists (the starred pages, its language's, each topic's, the digest's), and a site
/// of 10,000 repositories holds ~80,000 cards, which as plain structs of ~300 bytes each
/// made the largest part of a build's peak memory.
@dynamicMemberLookup
public struct RepoCard: Sendable, Hashable {
    public struct Fields: Sendable, Hashable {
        public var route: Route
        public var fullName: String
        public var description: String?
        /// Its language, in GitHub's colour for it (`color`, nil for a language without one).
        public var language: PageLink?
        public var topics: [PageLink]
        public var stars: Int
        /// `stars` for people: "1.2k".
        public var starsText: String
        public var forksText: String
        /// "Pushed 3 Nov 2026", or nil when GitHub gave no date.
        public var pushedText: String?
        /// "Starred 20 Nov 2026" on starred lists.
        public var starredText: String?
        public var badges: [Badge]
        /// The repository on GitHub (an http or https address, as `SafeURL` passes them).
        public var gitHubURL: String
        /// The reader's note on a favourite: why it was pinned.
        public var note: String?
        /// The owner's picture.
        public var avatar: AvatarImage?
        /// Whether the owner is an organisation, whose picture GitHub draws as a rounded
        /// square (a user's is a circle).
        public var ownerIsOrganisation = false
        /// The Star Lists that hold it, each linking to its page; on a List's own page, only the
        /// others (the reader knows which List they are on).
        public var starLists: [PageLink] = []
        /// What comes before `starLists`, from the site's catalogue: "In" (`card.in_lists`), or
        /// "Also in" on a List's own page (`card.also_in_lists`).
        public var starListsLabel = ""
    }

    @usableFromInline var box: Box

    public init(
        route: Route, fullName: String, description: String?, language: PageLink?,
        topics: [PageLink], stars: Int, starsText: String, forksText: String,
        pushedText: String?, starredText: String?, badges: [Badge], gitHubURL: String,
        note: String? = nil, avatar: AvatarImage? = nil
    ) {
        box = Box(
            Fields(
                route: route, fullName: fullName, description: description, language: language, topics: topics,
                stars: stars, starsText: starsText, forksText: forksText, pushedText: pushedText,
                starredText: starredText, badges: badges, gitHubURL: gitHubURL, note: note, avatar: avatar))
    }

    /// GitHub's colour for the language, `#rrggbb` (the language link's); nil for a language
    /// without one.
    public var languageColor: String? { box.fields.language?.color }

    /// All of them at once.
    @inlinable public var fields: Fields { box.fields }

    /// The same for cards that share their fields (copies of one card, none changed since):
    /// a card's fields can be fingerprinted once for every list that shows it.
    public var identity: ObjectIdentifier { ObjectIdentifier(box) }

    /// Inlinable, so that `card.fullName` in another module is a read of the field, not a key
    /// path applied at run time (every card of every list page is read field by field).
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        set {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            box.fields[keyPath: field] = newValue
        }
    }

    public static func == (left: RepoCard, right: RepoCard) -> Bool {
        left.box === right.box || left.box.fields == right.box.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// Changed only through `subscript(dynamicMember:)`, and only when no other card shares it.
    @usableFromInline final class Box: @unchecked Sendable {
        @usableFromInline var fields: Fields
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }
}

/// A short label shown beside a repository's name. The raw value names it to the theme (a
/// badge's `name`) and to the catalogue, whose `badge.<raw value>` is the label shown.
public enum Badge: String, Sendable, Hashable, CaseIterable {
    case favourite, archived, fork
}
