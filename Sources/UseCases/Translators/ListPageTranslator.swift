import PageModels

/// Cards → `ListPage`s: splits a long list into pages linked by their `Pagination`. A grouped
/// list is paginated by group: whole groups fill a page up to its size, and a group never
/// continues on the next page ("Swift 2" on one page and "Swift 7" on the next read as two
/// different counts). A group longer than a page has a page of its own.
struct ListPageTranslator: Sendable {
    var pageSize: Int
    /// A list with more cards than this gets a filter box on each of its pages; the box
    /// searches the whole list, so a short last page gets it too.
    var filterThreshold = 10

    func pages(_ kind: Route.Kind, title: String, summary: String, cards: [RepoCard]) -> [ListPage] {
        pages(kind, title: title, summary: summary, groups: [CardGroup(title: nil, cards: cards)])
    }

    /// - Parameter summary: its names marked (`SummaryNames.mark`), which the pages keep as
    ///   places (`ListPage.summaryNames`).
    func pages(
        _ kind: Route.Kind, title: String, summary marked: String, groups: [CardGroup], gitHubURL: String? = nil
    ) -> [ListPage] {
        let (summary, summaryNames) = SummaryNames.unmark(marked)
        let size = max(1, pageSize)
        let total = groups.reduce(0) { $0 + $1.cards.count }
        let grouped = groups.contains { $0.title != nil }
        let pageGroups = grouped ? Self.pack(groups, size: size) : Self.split(groups.flatMap(\.cards), size: size)
        let pageCount = pageGroups.count
        return pageGroups.enumerated().map { index, groups in
            let page = index + 1
            let route = Route(kind, page: page)
            let pagination =
                pageCount == 1
                ? nil
                : Pagination(
                    page: page, pageCount: pageCount,
                    previous: page > 1 ? route.page(page - 1) : nil,
                    next: page < pageCount ? route.page(page + 1) : nil)
            return ListPage(
                route: route, title: title, summary: summary, groups: groups,
                pagination: pagination, gitHubURL: gitHubURL, isFilterable: total > filterThreshold,
                summaryNames: summaryNames)
        }
    }

    /// An ungrouped list, `size` cards a page; at least one page, empty when the list is.
    private static func split(_ cards: [RepoCard], size: Int) -> [[CardGroup]] {
        guard !cards.isEmpty else { return [[CardGroup(title: nil, cards: [])]] }
        return stride(from: 0, to: cards.count, by: size).map {
            [CardGroup(title: nil, cards: Array(cards[$0..<min($0 + size, cards.count)]))]
        }
    }

    /// Whole groups, in order, onto as few pages as keep each within `size` cards, but for
    /// a group longer than that, which has a page to itself.
    private static func pack(_ groups: [CardGroup], size: Int) -> [[CardGroup]] {
        var pages: [[CardGroup]] = []
        var current: [CardGroup] = []
        var count = 0
        for group in groups where !group.cards.isEmpty {
            if !current.isEmpty && count + group.cards.count > size {
                pages.append(current)
                current = []
                count = 0
            }
            current.append(group)
            count += group.cards.count
        }
        if !current.isEmpty { pages.append(current) }
        return pages.isEmpty ? [[CardGroup(title: nil, cards: [])]] : pages
    }
}
