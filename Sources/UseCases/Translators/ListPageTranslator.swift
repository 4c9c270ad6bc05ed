import PageModels

/// Cards → `ListPage`s: splits a long list into pages linked by their `Pagination`. A grouped
/// list is paginated by card, and a group that runs over a page break continues under the
/// same heading on the next page.
struct ListPageTranslator: Sendable {
    var pageSize: Int
    /// A page with more cards than this gets a filter box.
    var filterThreshold = 10

    func pages(_ kind: Route.Kind, title: String, summary: String, cards: [RepoCard]) -> [ListPage] {
        pages(kind, title: title, summary: summary, groups: [CardGroup(title: nil, cards: cards)])
    }

    func pages(
        _ kind: Route.Kind, title: String, summary: String, groups: [CardGroup], gitHubURL: String? = nil
    ) -> [ListPage] {
        let entries = groups.flatMap { group in group.cards.map { (group.title, $0) } }
        let size = max(1, pageSize)
        let pageCount = max(1, (entries.count + size - 1) / size)
        return (1...pageCount).map { page in
            let route = Route(kind, page: page)
            let slice = entries.dropFirst((page - 1) * size).prefix(size)
            let pagination =
                pageCount == 1
                ? nil
                : Pagination(
                    page: page, pageCount: pageCount,
                    previous: page > 1 ? route.page(page - 1) : nil,
                    next: page < pageCount ? route.page(page + 1) : nil)
            return ListPage(
                route: route, title: title, summary: summary, groups: Self.regroup(slice),
                pagination: pagination, gitHubURL: gitHubURL, isFilterable: slice.count > filterThreshold)
        }
    }

    /// Consecutive entries under the same title become one group again.
    private static func regroup(_ entries: ArraySlice<(String?, RepoCard)>) -> [CardGroup] {
        var groups: [CardGroup] = []
        for (title, card) in entries {
            if let last = groups.last, last.title == title {
                groups[groups.count - 1].cards.append(card)
            } else {
                groups.append(CardGroup(title: title, cards: [card]))
            }
        }
        return groups.isEmpty ? [CardGroup(title: nil, cards: [])] : groups
    }
}
