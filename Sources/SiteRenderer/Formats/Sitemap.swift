import Foundation

/// `sitemap.xml` (sitemaps.org 0.9): the address of every page but the 404, in path order.
/// Only for a site whose address is known, since a sitemap lists absolute URLs.
struct Sitemap {
    var router: Router
    /// Paths of the HTML pages, relative to the output folder.
    var pages: [String]

    func file() -> OutputFile? {
        guard router.baseURL != nil else { return nil }
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for page in pages.sorted() where page != "404.html" {
            guard let url = router.url(forFile: page) else { continue }
            xml += "<url><loc>\(url.xmlEscaped)</loc></url>\n"
        }
        xml += "</urlset>\n"
        return OutputFile(path: Router.sitemap, contents: Data(xml.utf8))
    }
}
