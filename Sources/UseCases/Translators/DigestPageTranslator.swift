import Foundation
import PageModels

/// The digest's front page from the lists already translated.
struct DigestPageTranslator: Sendable {
    /// How many cards a section of the front page shows before "more": twelve fill every row
    /// of a grid of one, two, three or four columns (the themes' phone to wide screens).
    var sectionSize = 12
    /// How many languages the front page lists, the most used: one page must not grow with
    /// every language of every repository. Each has its own page still.
    var languageCount = 60
    /// How many topics the front page lists: topics are many and mostly used once, so a
    /// screenful of the most used, and "All topics" for the rest.
    var topicCount = 24
    /// The site's language.
    var format = DisplayFormat(Phrasebook())

    /// Every language and every topic of a site's repositories with its count, most used
    /// first (`tally`): the front page lists the first of each, the pages of them all every one.
    struct Terms: Sendable {
        var languages: [PageLink]
        var topics: [PageLink]

        init(of all: [RepoCard]) {
            languages = DigestPageTranslator.tally(all.compactMap(\.language))
            topics = DigestPageTranslator.tally(all.lazy.flatMap(\.topics))
        }
    }

    /// - Parameter terms: `all`'s, where the caller has them already (the site needs them
    ///   whole): one pass over 10,000 cards, not two.
    func page(
        title: String, starred: [RepoCard], favourites: [RepoCard], all: [RepoCard],
        recentlyPushed: [RepoCard], sourcesSummary: String, releases: [FeedEntry] = [],
        changes: ChangesSection? = nil, terms: Terms? = nil
    ) -> DigestPage {
        let terms = terms ?? Terms(of: all)
        var sections: [DigestSection] = []
        if !starred.isEmpty {
            sections.append(
                DigestSection(
                    title: format.text("digest.recently_starred"), cards: Array(starred.prefix(sectionSize)),
                    more: more(starred, "digest.all_starred", .starred)))
        }
        if !favourites.isEmpty {
            sections.append(
                DigestSection(
                    title: format.text("digest.favourites"), cards: Array(favourites.prefix(sectionSize)),
                    more: more(favourites, "digest.all_favourites", .favourites)))
        }
        if !recentlyPushed.isEmpty {
            sections.append(
                DigestSection(
                    title: format.text("digest.recently_pushed"), cards: Array(recentlyPushed.prefix(sectionSize)),
                    more: nil))
        }
        let topics = terms.topics
        var page = DigestPage(
            title: title,
            summary: format.count(all.count, "repositories") + sourcesSummary,
            sections: sections,
            languages: Array(terms.languages.prefix(languageCount)),
            topics: Array(topics.prefix(topicCount)),
            releases: Array(releases.prefix(sectionSize)), changes: changes)
        if topics.count > topicCount {
            page.allTopics = PageLink(
                title: format.text("digest.all_topics", ["count": format.grouped(topics.count)]), route: .topics,
                count: topics.count)
        }
        return page
    }

    /// The link to the whole list, its title (`key`) saying how many it holds, as the
    /// site's language writes a count beside words.
    private func more(_ cards: [RepoCard], _ key: String, _ kind: Route.Kind) -> PageLink? {
        guard cards.count > sectionSize else { return nil }
        let title = format.text(key, ["count": format.grouped(cards.count)])
        return PageLink(title: title, route: Route(kind), count: cards.count)
    }

    /// Distinct links with how often each occurs, most frequent first, then by name.
    static func tally(_ links: some Sequence<PageLink>) -> [PageLink] {
        var counts: [Route: (link: PageLink, count: Int)] = [:]
        for link in links { counts[link.route, default: (link, 0)].count += 1 }
        return counts.values
            .map { PageLink(title: $0.link.title, route: $0.link.route, count: $0.count, color: $0.link.color) }
            .sorted {
                ($1.count ?? 0, $0.title.lowercased(), $0.route) < ($0.count ?? 0, $1.title.lowercased(), $1.route)
            }
    }
}
