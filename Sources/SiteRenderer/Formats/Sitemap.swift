import Foundation

/// `sitemap.xml` (sitemaps.org 0.9): the address of every page but the 404, in path order.
/// Only for a site whose address is known, since a sitemap lists absolute URLs. A sitemap
/// holds at most 50,000: a larger site's are listed in `sitemaps/1.xml`, `sitemaps/2.xml`…,
/// each of 50,000, and `sitemap.xml` is their index, as the protocol has it.
struct Sitemap {
    var router: Router
    /// Paths of the HTML pages, relative to the output folder.
    var pages: [String]
    /// The most addresses one sitemap may hold.
    var limit = Self.maxURLs
    static let maxURLs = 50_000

    /// The pages a sitemap lists, in path order.
    var listed: [String] { pages.filter { $0 != "404.html" }.sorted() }

    /// How many sitemaps the pages take: one, or the parts `sitemap.xml` is the index of.
    static func parts(pages: Int, limit: Int = maxURLs) -> Int { max(1, (pages + limit - 1) / limit) }

    /// Where part `number` (from 1) of a site listed in parts is.
    static func path(ofPart number: Int) -> String { Router.sitemapsFolder + "\(number).xml" }

    /// `sitemap.xml`: every page, or the index of the parts.
    func file() -> OutputFile? {
        guard router.baseURL != nil else { return nil }
        let listed = self.listed
        let parts = Self.parts(pages: listed.count, limit: limit)
        guard parts > 1 else { return urlset(listed, path: Router.sitemap) }
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <sitemapindex xmlns="\(FeedChecker.sitemapNamespace)">

            """
        for number in 1...parts {
            guard let url = router.url(forFile: Self.path(ofPart: number)) else { continue }
            xml += "<sitemap><loc>\(url.xmlEscaped)</loc></sitemap>\n"
        }
        xml += "</sitemapindex>\n"
        return OutputFile(path: Router.sitemap, contents: Data(xml.utf8))
    }

    /// Part `number` (from 1) of a site listed in parts.
    func part(_ number: Int) -> OutputFile? {
        guard router.baseURL != nil else { return nil }
        let listed = self.listed
        let start = min(listed.count, (number - 1) * limit)
        return urlset(Array(listed[start..<min(listed.count, start + limit)]), path: Self.path(ofPart: number))
    }

    private func urlset(_ pages: [String], path: String) -> OutputFile {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="\(FeedChecker.sitemapNamespace)">

            """
        for page in pages {
            guard let url = router.url(forFile: page) else { continue }
            xml += "<url><loc>\(url.xmlEscaped)</loc></url>\n"
        }
        xml += "</urlset>\n"
        return OutputFile(path: path, contents: Data(xml.utf8))
    }
}
