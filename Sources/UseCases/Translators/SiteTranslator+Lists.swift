import Entities
import Foundation
import PageModels

/// The list pages of the site: starred, favourites, each owner's, each search's, each Star
/// List's, each language's and each topic's.
extension SiteTranslator {
    /// - Parameter starred: the cards of `data.stars`, in their order, as the digest page shows them.
    func listPages(_ data: DigestData, cards: RepoCardTranslator, starred: [RepoCard]) -> [ListPage] {
        let lists = ListPageTranslator(pageSize: request.pageSize)
        let format = cards.format
        var pages: [ListPage] = []
        if !request.starredBy.isEmpty {
            pages += StarredPagesTranslator(cards: cards, lists: lists, arrangement: request.starred)
                .pages(data.stars, starredBy: request.starredBy.map(data.shown), cards: starred)
        }
        if !data.favourites.isEmpty {
            pages += lists.pages(
                .favourites, title: format.text("nav.favourites"),
                summary: format.count(data.favourites.count, "pinned_repositories"),
                cards: data.favourites.map { Self.unmarked(cards.card(for: $0.repo)) })
        }
        for entry in data.owners {
            let kind = format.text(entry.owner.kind == .organization ? "list.organisation" : "list.user")
            let parts = [kind, entry.owner.displayName, format.count(entry.repos.count, "repositories")]
            let avatar = cards.avatars.image(for: entry.owner)
            pages += lists.pages(
                .owner(login: entry.owner.login), title: entry.owner.login,
                summary: parts.compactMap { $0 }.joined(separator: " · "),
                groups: [CardGroup(title: nil, cards: Self.mostStarredFirst(entry.repos).map { cards.card(for: $0) })],
                gitHubURL: SafeURL.http(entry.owner.htmlURL) ?? request.gitHubWeb.page(entry.owner.login)
            ).map { page in
                var page = page
                page.avatar = avatar
                page.isOrganisation = entry.owner.kind == .organization
                return page
            }
        }
        for result in data.searches {
            pages += lists.pages(
                .search(name: result.search.name), title: result.search.name,
                summary: format.text(
                    "list.search",
                    ["query": result.search.query, "repositories": format.count(result.repos.count, "repositories")]),
                groups: [CardGroup(title: nil, cards: result.repos.map { cards.card(for: $0) })],
                gitHubURL: Self.gitHubSearchURL(result.search, on: request.gitHubWeb))
        }
        for list in data.starLists {
            let entry = Self.entry(for: list, format: format)
            let kind = entry.route.kind
            pages += lists.pages(
                kind, title: list.name,
                summary: [entry.label, entry.description, entry.count].compactMap { $0 }.joined(separator: " · "),
                groups: [
                    CardGroup(
                        title: nil,
                        cards: list.repositories.map { Self.onList(kind, cards.card(for: $0), format: format) })
                ],
                gitHubURL: Self.gitHubStarListURL(list, account: data.shown(list.account), on: request.gitHubWeb))
        }
        let byStars = Self.mostStarredFirst(data.allRepositories)
        for (language, members) in Self.grouped(byStars, by: { $0.language.map { [$0] } ?? [] }) {
            pages += lists.pages(
                .language(name: language), title: language,
                summary: format.text(
                    "list.language",
                    [
                        "repositories": format.count(members.count, "repositories"),
                        "language": SummaryNames.mark(language),
                    ]
                ),
                cards: members.map { cards.card(for: byStars[$0]) })
        }
        for (topic, members) in Self.grouped(byStars, by: \.topics) {
            pages += lists.pages(
                .topic(name: topic), title: topic,
                summary: format.text(
                    "list.topic",
                    ["repositories": format.count(members.count, "repositories"), "topic": SummaryNames.mark(topic)]),
                groups: [CardGroup(title: nil, cards: members.map { cards.card(for: byStars[$0]) })],
                gitHubURL: request.gitHubWeb.page("topics", topic))
        }
        return pages
    }

    /// A Star List as the page of every List shows it; its own page's summary says the same.
    static func entry(for list: StarList, format: DisplayFormat) -> StarListEntry {
        StarListEntry(
            title: list.name, route: Route(.starList(account: list.account, slug: list.slug)),
            label: format.text(list.isPrivate ? "list.private_star_list" : "list.star_list"), isPrivate: list.isPrivate,
            description: list.description.flatMap { $0.isEmpty ? nil : $0 },
            count: format.count(list.repositories.count, "repositories"))
    }

    /// A card on the favourites list: there a "Favourite" badge on every card says nothing.
    static func unmarked(_ card: RepoCard) -> RepoCard {
        var card = card
        card.badges.removeAll { $0 == .favourite }
        return card
    }

    /// A card on a Star List's own page: it names only the other Lists that hold the
    /// repository, since the reader knows which one they are on.
    static func onList(_ kind: Route.Kind, _ card: RepoCard, format: DisplayFormat) -> RepoCard {
        var card = card
        card.starLists.removeAll { $0.route.kind == kind }
        card.starListsLabel = format.text("card.also_in_lists")
        return card
    }

    /// The names two or more of `lists` share (two accounts' "Favourites").
    static func sharedNames(of lists: [StarList]) -> Set<String> {
        Set(Dictionary(grouping: lists, by: \.name).filter { $0.value.count > 1 }.keys)
    }

    /// The data with each List whose name another List has too (two accounts' "Favourites")
    /// told apart by its account, as the navigation, the titles and the cards name it.
    func listsToldApart(_ data: DigestData) -> DigestData {
        let shared = Self.sharedNames(of: data.starLists)
        guard !shared.isEmpty else { return data }
        var told = data
        told.starLists = data.starLists.map { list in
            guard shared.contains(list.name) else { return list }
            var list = list
            list.name = format.text("list.star_list_of", ["name": list.name, "account": data.shown(list.account)])
            return list
        }
        // Names alone changed: the repositories stay as `unifyRepositories()` left them.
        told.unifiedRepositories = data.unifiedRepositories
        return told
    }

    /// The List on GitHub: `/stars/LOGIN/lists/SLUG`; nil for `@me` whose login the
    /// source could not tell.
    static func gitHubStarListURL(_ list: StarList, account: String, on web: GitHubWeb) -> String? {
        account == "@me" ? nil : web.page("stars", account, "lists", list.slug)
    }

    /// The same search on GitHub, sorted as the saved search is.
    static func gitHubSearchURL(_ search: SavedSearch, on web: GitHubWeb) -> String {
        let query = SafeURL.encoded(search.query)
        let sort: String
        switch search.sort {
        case .bestMatch: sort = ""
        case .stars, .forks, .updated: sort = "&s=\(search.sort.rawValue)&o=desc"
        }
        return "\(web.origin)/search?q=\(query)&type=repositories\(sort)"
    }
}
