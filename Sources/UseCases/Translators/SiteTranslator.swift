import Entities
import Foundation
import PageModels

/// All gathered entities → the `Site`: every page model one build publishes.
struct SiteTranslator: Sendable {
    var now: Date
    var request: BuildDigest.Request

    func translate(_ data: DigestData) -> Site {
        let cards = RepoCardTranslator(favourites: Set(data.favourites.map(\.repo.id)))
        let lists = ListPageTranslator(pageSize: request.pageSize)
        let starredAt = Dictionary(
            data.stars.compactMap { star in star.starredAt.map { (star.repo.id, $0) } },
            uniquingKeysWith: { first, _ in first })

        let all = data.allRepositories
        let allCards = all.map { cards.card(for: $0) }
        let byStars = Self.mostStarredFirst(all)

        let starred = data.stars.map { cards.card(for: $0.repo, starredAt: $0.starredAt) }
        let favourites = data.favourites.map { cards.card(for: $0.repo) }
        var listPages: [ListPage] = []
        if !request.starredBy.isEmpty {
            listPages += lists.pages(
                .starred, title: "Starred",
                summary: DisplayFormat.count(starred.count, "repository", "repositories")
                    + " starred by " + request.starredBy.joined(separator: ", ") + ", newest first",
                cards: starred)
        }
        if !data.favourites.isEmpty {
            listPages += lists.pages(
                .favourites, title: "Favourites",
                summary: DisplayFormat.count(favourites.count, "pinned repository", "pinned repositories"),
                cards: favourites)
        }
        for entry in data.owners {
            let kind = entry.owner.kind == .organization ? "Organisation" : "User"
            let name = entry.owner.displayName.map { " · \($0)" } ?? ""
            listPages += lists.pages(
                .owner(login: entry.owner.login), title: entry.owner.login,
                summary: "\(kind)\(name) · "
                    + DisplayFormat.count(entry.repos.count, "repository", "repositories"),
                cards: Self.mostStarredFirst(entry.repos).map { cards.card(for: $0) })
        }
        for result in data.searches {
            listPages += lists.pages(
                .search(name: result.search.name), title: result.search.name,
                summary: "Search “\(result.search.query)”: "
                    + DisplayFormat.count(result.repos.count, "repository", "repositories"),
                cards: result.repos.map { cards.card(for: $0) })
        }
        for (language, repos) in Self.grouped(byStars, by: { $0.language.map { [$0] } ?? [] }) {
            listPages += lists.pages(
                .language(name: language), title: language,
                summary: DisplayFormat.count(repos.count, "repository", "repositories")
                    + " written in \(language), most stars first",
                cards: repos.map { cards.card(for: $0) })
        }
        for (topic, repos) in Self.grouped(byStars, by: \.topics) {
            listPages += lists.pages(
                .topic(name: topic), title: topic,
                summary: DisplayFormat.count(repos.count, "repository", "repositories")
                    + " tagged \(topic), most stars first",
                cards: repos.map { cards.card(for: $0) })
        }

        let pages = RepoPageTranslator(
            cards: cards, ownersWithPages: Set(data.owners.map { $0.owner.login.lowercased() }))
        let recentlyPushed = all.filter { $0.pushedAt != nil }
            .sorted { ($0.pushedAt!, $1.name) > ($1.pushedAt!, $0.name) }
            .map { cards.card(for: $0) }
        return Site(
            title: request.title,
            generatedText: DisplayFormat.minute(now),
            generatedISO: DisplayFormat.iso(now),
            navigation: navigation(data),
            digest: DigestPageTranslator().page(
                title: request.title, starred: starred, favourites: favourites, all: allCards,
                recentlyPushed: recentlyPushed, sourcesSummary: sourcesSummary(data)),
            lists: listPages,
            repositories: data.details.map { pages.page(for: $0, starredAt: starredAt[$0.repo.id]) },
            notices: NoticeTranslator(now: now).notices(for: data.stale))
    }

    private func navigation(_ data: DigestData) -> [PageLink] {
        var links = [PageLink(title: "Digest", route: .digest)]
        if !request.starredBy.isEmpty { links.append(PageLink(title: "Starred", route: Route(.starred))) }
        if !data.favourites.isEmpty { links.append(PageLink(title: "Favourites", route: Route(.favourites))) }
        links += data.owners.map { PageLink(title: $0.owner.login, route: Route(.owner(login: $0.owner.login))) }
        links += data.searches.map { PageLink(title: $0.search.name, route: Route(.search(name: $0.search.name))) }
        return links
    }

    private func sourcesSummary(_ data: DigestData) -> String {
        let parts = [
            data.stars.isEmpty ? nil : "starred by " + request.starredBy.joined(separator: ", "),
            data.favourites.isEmpty ? nil : DisplayFormat.count(data.favourites.count, "favourite", "favourites"),
            data.owners.isEmpty ? nil : DisplayFormat.count(data.owners.count, "owner", "owners"),
            data.searches.isEmpty ? nil : DisplayFormat.count(data.searches.count, "saved search", "saved searches"),
        ]
        return "from " + parts.compactMap { $0 }.joined(separator: ", ")
    }

    static func mostStarredFirst(_ repos: [GitHubRepo]) -> [GitHubRepo] {
        repos.sorted { ($1.stars, $0.name) < ($0.stars, $1.name) }
    }

    /// Repositories grouped under each key they carry, groups in key order, members in the given order.
    static func grouped(_ repos: [GitHubRepo], by keys: (GitHubRepo) -> [String]) -> [(String, [GitHubRepo])] {
        var groups: [String: [GitHubRepo]] = [:]
        for repo in repos {
            for key in Set(keys(repo)) { groups[key, default: []].append(repo) }
        }
        return groups.sorted { $0.key < $1.key }
    }
}
