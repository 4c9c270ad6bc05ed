import Foundation
import PageModels

/// `releases.opml` (OPML 2.0): the releases Atom feed of every favourite and starred
/// repository, for importing into a feed reader in one go. Owners' and searches'
/// repositories are left out: the user follows those lists, not each repository in them.
/// No `dateCreated`, so the same repositories give the same bytes and an unchanged build
/// touches no file.
struct ReleasesOPML {
    var site: Site

    /// The favourite and starred repositories, each once, by name without regard to case.
    var cards: [RepoCard] {
        var byName: [String: RepoCard] = [:]
        forEachFollowed { byName[$0.fullName.lowercased()] = $0 }
        return byName.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Every card the file is made from, in the order `cards` takes them (a repository may
    /// come more than once).
    private func forEachFollowed(_ body: (RepoCard) -> Void) {
        for list in site.lists where Self.follows(list) { list.cards.forEach(body) }
        for page in site.repositories where Self.follows(page) { body(page.card) }
    }

    /// Whether the file follows the list's repositories: the starred list's and the favourites'.
    private static func follows(_ list: ListPage) -> Bool {
        list.route.kind == .starred || list.route.kind == .favourites
    }

    /// Whether the file follows the page's repository: a favourite's.
    private static func follows(_ page: RepoPage) -> Bool { page.card.badges.contains(.favourite) }

    /// Feeds the digest of the file's inputs what it shows of each card, its name and its
    /// address, in the order taken (the title is in every page's shared inputs).
    func feedFollowed(_ hasher: inout StableHasher) {
        forEachFollowed { card in
            hasher.combine(card.fullName)
            hasher.combine(card.gitHubURL)
        }
    }

    /// Whether there is nothing to follow, told without gathering the cards (10,000 names
    /// lower-cased and sorted, when a build only asks whether the file exists).
    var isEmpty: Bool {
        !site.lists.contains { Self.follows($0) && $0.groups.contains { !$0.cards.isEmpty } }
            && !site.repositories.contains(where: Self.follows)
    }

    /// Nil when there is nothing to follow: OPML 2.0 requires a `<body>` to hold an outline.
    func file() -> OutputFile? {
        let cards = cards
        guard !cards.isEmpty else { return nil }
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <opml version="2.0">
            <head><title>\(site.phrasebook.text("feed.releases", ["site": site.title]).xmlEscaped)</title></head>
            <body>

            """
        for card in cards {
            let page = URLSyntax.valid(card.gitHubURL)
            let name = card.fullName.xmlEscaped
            let feed = (page + "/releases.atom").xmlEscaped
            let releases = (page + "/releases").xmlEscaped
            xml += "<outline type=\"rss\" text=\"\(name)\" title=\"\(name)\""
            xml += " xmlUrl=\"\(feed)\" htmlUrl=\"\(releases)\"/>\n"
        }
        xml += "</body>\n</opml>\n"
        return OutputFile(path: Router.releasesOPML, contents: Data(xml.utf8))
    }
}
