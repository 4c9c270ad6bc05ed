import Entities
import Foundation
import PageModels

/// Stars → the starred list's pages, grouped and sorted as the configuration asks.
struct StarredPagesTranslator: Sendable {
    var cards: RepoCardTranslator
    var lists: ListPageTranslator
    var arrangement: StarredArrangement

    /// - Parameters:
    ///   - stars: most recently starred first, each repository once (as `CollectStarred` gives them).
    ///   - starredBy: the logins whose stars these are, for the summary.
    ///   - made: the stars' cards, in their order, if the caller made them already (the
    ///     digest page shows them too): each then stays one card, dated and fingerprinted once.
    func pages(_ stars: [Star], starredBy: [String], cards made: [RepoCard]? = nil) -> [ListPage] {
        let format = cards.format
        let summary = format.text(
            "starred.summary",
            [
                "repositories": format.count(stars.count, "repositories"),
                "logins": starredBy.map(SummaryNames.mark).joined(separator: format.text("punctuation.list")),
                "grouping": groupingPhrase, "order": orderPhrase,
            ])
        return lists.pages(
            .starred, title: format.text("nav.starred"), summary: summary,
            groups: groups(stars, cards: made))
    }

    func groups(_ stars: [Star], cards made: [RepoCard]? = nil) -> [CardGroup] {
        let order = self.order(stars)
        let card = { (index: Int) in
            made?[index] ?? cards.card(for: stars[index].repo, starredAt: stars[index].starredAt)
        }
        switch arrangement.grouping {
        case .none:
            return [CardGroup(title: nil, cards: order.map(card))]
        case .language:
            return Self.grouped(order, fallback: cards.format.text("starred.no_language")) {
                stars[$0].repo.language.map { [$0] } ?? []
            }
            .map { CardGroup(title: $0.title, cards: $0.members.map(card)) }
        case .topic:
            return Self.grouped(order, fallback: cards.format.text("starred.no_topics")) { stars[$0].repo.topics }
                .map { CardGroup(title: $0.title, cards: $0.members.map(card)) }
        }
    }

    /// The positions of the stars in the configured order; ties (and missing dates) keep the
    /// starred order. Sorted as positions, not as stars (10,000 moved about while sorting).
    private func order(_ stars: [Star]) -> [Int] {
        switch arrangement.order {
        case .starred:
            return Array(stars.indices)
        case .stars:
            return stars.indices.sorted { (stars[$1].repo.stars, $0) < (stars[$0].repo.stars, $1) }
        case .pushed:
            return stars.positionsNewestFirst(by: \.repo.pushedAt)
        }
    }

    /// Members (positions) under each key they carry: groups by name (ignoring case), the
    /// fallback group last, members in the given order. Keys differing only by case share a
    /// group, titled as first seen.
    private static func grouped(
        _ members: [Int], fallback: String, by keys: (Int) -> [String]
    ) -> [(title: String, members: [Int])] {
        var titles: [String: String] = [:]
        var grouped: [String: [Int]] = [:]
        var unkeyed: [Int] = []
        for member in members {
            let names = keys(member).filter { !$0.isEmpty }
            if names.isEmpty { unkeyed.append(member) }
            var seen = Set<String>()
            for name in names where seen.insert(name.lowercased()).inserted {
                if titles[name.lowercased()] == nil { titles[name.lowercased()] = name }
                grouped[name.lowercased(), default: []].append(member)
            }
        }
        var groups = grouped.keys.sorted().map { (title: titles[$0]!, members: grouped[$0]!) }
        if !unkeyed.isEmpty { groups.append((fallback, unkeyed)) }
        return groups
    }

    private var groupingPhrase: String {
        switch arrangement.grouping {
        case .none: return ""
        case .language: return cards.format.text("starred.by_language")
        case .topic: return cards.format.text("starred.by_topic")
        }
    }

    private var orderPhrase: String {
        switch arrangement.order {
        case .stars: return cards.format.text("starred.most_stars")
        case .starred: return cards.format.text("starred.newest")
        case .pushed: return cards.format.text("starred.recently_pushed")
        }
    }
}
