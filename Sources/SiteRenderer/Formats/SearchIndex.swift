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
                Self.quote(card.fullName, into: &items)
                if let description = card.description {
                    items += ",\"d\":".utf8
                    Self.quote(Self.cut(description, to: 160), into: &items)
                }
                items += ",\"s\":".utf8
                Self.quote(card.starsText, into: &items)
                items += ",\"h\":".utf8
                Self.quote(router.href(from: first, to: card.route), into: &items)
                items += ",\"p\":\(index),\"t\":".utf8
                Self.quote(PageContext.filterText(of: card), into: &items)
                items.append(UInt8(ascii: "}"))
            }
        }
        var data: [UInt8] = Array("{\"title\":".utf8)
        Self.quote(pages[0].title, into: &data)
        data += Array(",\"count\":\(count),\"pages\":[".utf8)
        for (index, page) in pages.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            Self.quote(router.href(from: first, to: page.route), into: &data)
        }
        data += Array("],\"items\":[".utf8) + items + Array("\n]}\n".utf8)
        return OutputFile(path: Self.path(for: first, router: router), contents: Data(data))
    }

    /// A JSON string, written by hand: JSONEncoder made a tree of every value, and a list of
    /// 10,000 repositories has some thirty of these files. UTF-8 passes through as it is;
    /// quotes, backslashes and control characters are escaped.
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // The runs between the bytes to escape are copied whole.
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"): out += "\\n".utf8
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += "\\u00".utf8
                    out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func cut(_ text: String, to length: Int) -> String {
        // No more bytes than `length`: no more characters either, without counting them.
        text.utf8.count <= length || text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}
