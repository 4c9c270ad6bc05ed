import Entities
import Foundation
import PageModels

/// Stars → the starred list's pages, grouped and sorted as the configuration asks.
struct StarredListTranslator: Sendable {
    var cards: RepoCardTranslator
    var lists: ListPageTranslator
    var arrangement: StarredArrangement

    /// - Parameters:
    ///   - stars: most recently starred first, each repository once (as `CollectStarred` gives them).
    ///   - starredBy: the logins whose stars these are, for the summary.
    func pages(_ stars: [Star], starredBy: [String]) -> [ListPage] {
        let format = cards.format
        let summary = format.text(
            "starred.summary",
            [
                "repositories": format.count(stars.count, "repositories"),
                "logins": starredBy.joined(separator: format.text("punctuation.list")),
                "grouping": groupingPhrase, "order": orderPhrase,
            ])
        return lists.pages(.starred, title: format.text("nav.starred"), summary: summary, groups: groups(stars))
    }

    func groups(_ stars: [Star]) -> [CardGroup] {
        let sorted = self.sorted(stars)
        let card = { (star: Star) in cards.card(for: star.repo, starredAt: star.starredAt) }
        switch arrangement.grouping {
        case .none:
            return [CardGroup(title: nil, cards: sorted.map(card))]
        case .language:
            return Self.grouped(sorted, fallback: cards.format.text("starred.no_language")) {
                $0.repo.language.map { [$0] } ?? []
            }
            .map { CardGroup(title: $0.title, cards: $0.stars.map(card)) }
        case .topic:
            return Self.grouped(sorted, fallback: cards.format.text("starred.no_topics")) { $0.repo.topics }
                .map { CardGroup(title: $0.title, cards: $0.stars.map(card)) }
        }
    }

    /// The stars in the configured order; ties (and missing dates) keep the starred order.
    func sorted(_ stars: [Star]) -> [Star] {
        let ranked = stars.enumerated().map { (offset: $0.offset, star: $0.element) }
        switch arrangement.order {
        case .starred:
            return stars
        case .stars:
            return ranked.sorted { ($1.star.repo.stars, $0.offset) < ($0.star.repo.stars, $1.offset) }.map(\.star)
        case .pushed:
            return ranked.sorted { lhs, rhs in
                switch (lhs.star.repo.pushedAt, rhs.star.repo.pushedAt) {
                case (let l?, let r?) where l != r: return l > r
                case (.some, nil): return true
                case (nil, .some): return false
                default: return lhs.offset < rhs.offset
                }
            }.map(\.star)
        }
    }

    /// Stars under each key they carry: groups by name (ignoring case), the fallback group
    /// last, members in the given order. Keys differing only by case share a group, titled
    /// as first seen.
    private static func grouped(
        _ stars: [Star], fallback: String, by keys: (Star) -> [String]
    ) -> [(title: String, stars: [Star])] {
        var titles: [String: String] = [:]
        var members: [String: [Star]] = [:]
        var unkeyed: [Star] = []
        for star in stars {
            let names = keys(star).filter { !$0.isEmpty }
            if names.isEmpty { unkeyed.append(star) }
            var seen = Set<String>()
            for name in names where seen.insert(name.lowercased()).inserted {
                if titles[name.lowercased()] == nil { titles[name.lowercased()] = name }
                members[name.lowercased(), default: []].append(star)
            }
        }
        var groups = members.keys.sorted().map { (title: titles[$0]!, stars: members[$0]!) }
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
