import Foundation
import PageModels

/// `search.json` beside the pages of a list that spans several: every card of the whole list,
/// for the filter box (`filter.js`) to find a match on any page, not only the one it is on.
/// Each entry holds the lower-cased text the box matches (as the cards' `data-filter-text`),
/// what a result shows, and links relative to the list's folder, where every page of the list
/// lives, so one index serves them all. Keys are short, as a list of 10,000 repositories
/// ships an entry for each: `n` full name, `d` description (cut), `s` stars as shown, `h` the
/// repository's page, `p` the index in `pages` of the list page it is on, `t` what the box
/// matches.
struct SearchIndex {
    /// The pages of one list, in order.
    var pages: [ListPage]
    var router: Router

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
        var items: [UInt8] = []
        var count = 0
        for (index, page) in pages.enumerated() {
            // A repository under several groups (topics) is one result, on its first page.
            for card in page.cards where seen.insert(card.route).inserted {
                items += count == 0 ? "\n".utf8 : ",\n".utf8
                count += 1
                items += "{\"n\":".utf8
                JSONString.append(card.fullName, to: &items)
                if let description = card.description {
                    items += ",\"d\":".utf8
                    JSONString.append(Self.cut(description.jsonSafe, to: 160), to: &items)
                }
                items += ",\"s\":".utf8
                JSONString.append(card.starsText, to: &items)
                items += ",\"h\":".utf8
                JSONString.append(router.href(from: first, to: card.route), to: &items)
                items += ",\"p\":\(index),\"t\":".utf8
                JSONString.append(PageContext.filterText(of: card).jsonSafe, to: &items)
                items.append(UInt8(ascii: "}"))
            }
        }
        var data: [UInt8] = Array("{\"title\":".utf8)
        JSONString.append(pages[0].title.jsonSafe, to: &data)
        data += Array(",\"count\":\(count),\"pages\":[".utf8)
        for (index, page) in pages.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            JSONString.append(router.href(from: first, to: page.route), to: &data)
        }
        data += Array("],\"items\":[".utf8) + items + Array("\n]}\n".utf8)
        return OutputFile(path: Self.path(for: first, router: router), contents: Data(data))
    }

    private static func cut(_ text: String, to length: Int) -> String {
        // No more bytes than `length`: no more characters either, without counting them.
        text.utf8.count <= length || text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}
