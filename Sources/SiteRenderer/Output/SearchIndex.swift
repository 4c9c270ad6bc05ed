import Foundation
import PageModels

/// `search.json` beside the pages of a list that spans several: every card of the whole list,
/// for the filter box (`filter.js`) to find a match on any page, not only the one it is on.
/// Each entry holds the lower-cased text the box matches (as the cards' `data-filter-text`),
/// what a result shows, and links relative to the list's folder, where every page of the list
/// lives, so one index serves them all.
struct SearchIndex {
    /// The pages of one list, in order.
    var pages: [ListPage]
    var router: Router

    struct Document: Encodable {
        var title: String
        var count: Int
        var pages: [String]
        var items: [Item]
    }

    /// Short keys: a list of 10,000 repositories ships one entry for each.
    struct Item: Encodable {
        /// Full name.
        var n: String
        /// Description, cut to what a result line shows.
        var d: String?
        /// Stars, as the card shows them.
        var s: String
        /// The repository's page.
        var h: String
        /// The index in `pages` of the list page the card is on.
        var p: Int
        /// What the filter matches.
        var t: String
    }

    /// The asset that reads the index: themes without it ship none.
    static let script = "filter.js"

    /// The index's path: beside the list's first page.
    static func path(for list: Route, router: Router) -> String {
        let first = router.path(for: list.page(1))
        return String(first.dropLast("index.html".count)) + "search.json"
    }

    func file() throws -> OutputFile {
        let first = pages[0].route.page(1)
        var seen = Set<Route>()
        var items: [Item] = []
        for (index, page) in pages.enumerated() {
            // A repository under several groups (topics) is one result, on its first page.
            for card in page.cards where seen.insert(card.route).inserted {
                items.append(
                    Item(
                        n: card.fullName, d: card.description.map { Self.cut($0, to: 160) }, s: card.starsText,
                        h: router.href(from: first, to: card.route), p: index,
                        t: PageContext.filterText(of: card)))
            }
        }
        let document = Document(
            title: pages[0].title, count: items.count,
            pages: pages.map { router.href(from: first, to: $0.route) }, items: items)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return OutputFile(path: Self.path(for: first, router: router), contents: try encoder.encode(document))
    }

    private static func cut(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}
