import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// The filter box searches the whole list: a list of several pages ships `search.json`.
@Suite struct SearchIndexTests {
    static func files(_ site: Site = SiteFixture.site) throws -> [OutputFile] {
        try SiteGenerator(theme: Theme.builtIn("default")).render(site)
    }

    @Test("A filterable list of several pages ships one index of every page's cards, which the validator accepts")
    func indexCoversEveryPage() throws {
        let files = try Self.files()
        #expect(SiteValidator().validate(files) == [])
        let data = try #require(files.first { $0.path == "starred/search.json" }).contents
        let index = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(index["count"] as? Int == 3)
        #expect(index["pages"] as? [String] == ["index.html", "2.html"])
        let items = try #require(index["items"] as? [[String: Any]])
        #expect(
            items.map { $0["n"] as? String } == ["zephyr-ops/stormcell", "lumen-labs/lantern", "haruki-s/kanji-lint"])
        #expect(items.map { $0["p"] as? Int } == [0, 0, 1])
        #expect(items[1]["h"] as? String == "../repos/lumen-labs/lantern.html")
        #expect((items[2]["t"] as? String)?.contains("kanji-lint") == true)
    }

    @Test("Every page of an indexed list points its filter box at the index; one-page lists ship none")
    func pagesPointAtTheIndex() throws {
        let files = try Self.files()
        for path in ["starred/index.html", "starred/2.html"] {
            let html = String(decoding: try #require(files.first { $0.path == path }).contents, as: UTF8.self)
            #expect(html.contains("data-index=\"search.json\""), "\(path)")
        }
        #expect(files.filter { $0.path.hasSuffix("search.json") }.map(\.path) == ["starred/search.json"])
    }

    @Test("The index escapes nothing into markup: a description is JSON text, never HTML")
    func hostileTextStaysText() throws {
        let data = try #require(try Self.files().first { $0.path == "starred/search.json" }).contents
        let items = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(
            items[0]["d"] as? String == "Checks <script>alert(\"x\")</script> & 'quotes'",
            "as text, less the control character the pages leave out too")
    }
}

@Suite struct JSONStringTests {
    @Test(
        "Strings are written as JSONEncoder writes them and JSON reads them back: quotes, backslashes, control characters, any script"
    )
    func quoting() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for text in [
            "plain", "a \"quoted\" \\ back / slash", "tab\tnew\nline\r\u{8}\u{C}\u{1}\u{1F}\u{7F}", "日本語 🦀 \u{2028}",
            "</script>", "",
        ] {
            var bytes: [UInt8] = []
            JSONString.append(text, to: &bytes)
            #expect(Data(bytes) == (try encoder.encode(text)), "\(text)")
            let decoded = try JSONSerialization.jsonObject(with: Data("[".utf8 + bytes + "]".utf8)) as? [String]
            #expect(decoded == [text], "\(text)")
        }
    }
}
