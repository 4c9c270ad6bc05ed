import PageModels

/// Cards → `ListPage`s: splits a long list into pages linked by their `Pagination`.
struct ListPageTranslator: Sendable {
    var pageSize: Int

    func pages(_ kind: Route.Kind, title: String, summary: String, cards: [RepoCard]) -> [ListPage] {
        let size = max(1, pageSize)
        let pageCount = max(1, (cards.count + size - 1) / size)
        return (1...pageCount).map { page in
            let route = Route(kind, page: page)
            let slice = cards.dropFirst((page - 1) * size).prefix(size)
            let pagination =
                pageCount == 1
                ? nil
                : Pagination(
                    page: page, pageCount: pageCount,
                    previous: page > 1 ? route.page(page - 1) : nil,
                    next: page < pageCount ? route.page(page + 1) : nil)
            return ListPage(
                route: route, title: title, summary: summary, cards: Array(slice),
                pagination: pagination)
        }
    }
}
